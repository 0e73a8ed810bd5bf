export type {
  AddEventsToMemoryRequest,
  BaseMemoryService,
  MemoryEntry,
  SearchMemoryRequest,
  SearchMemoryResponse,
} from './base-memory-service.js';
export { formatMemoryTimestamp } from './format-memory-timestamp.js';
export { InMemoryMemoryService, UNKNOWN_SESSION_ID } from './in-memory-memory-service.js';
export { MEMORY_SERVICE_SCHEMES, getMemoryServiceFromUri } from './memory-service-from-uri.js';
export {
  DatabaseMemoryService,
  type DatabaseMemoryServiceOptions,
} from './database/database-memory-service.js';
