export type {
  AddEventsToMemoryRequest,
  BaseMemoryService,
  MemoryEntry,
  SearchMemoryRequest,
  SearchMemoryResponse,
} from './base-memory-service.js';
