/*
 * The public memory API (Python `google.adk.memory`): the memory service
 * contract and its requests, the in-memory and database services, and the
 * service for a URI. src/index.ts re-exports all of it, so a name added here
 * is a public-API decision (test/packaging/public-surface.test.ts pins the
 * runtime names). Timestamp formatting and the URI schemes stay out; the
 * services and the server import their files directly.
 */

export type {
  AddEventsToMemoryRequest,
  BaseMemoryService,
  MemoryEntry,
  SearchMemoryRequest,
  SearchMemoryResponse,
} from './base-memory-service.js';
export {
  DatabaseMemoryService,
  type DatabaseMemoryServiceOptions,
} from './database/database-memory-service.js';
export { InMemoryMemoryService } from './in-memory-memory-service.js';
export { getMemoryServiceFromUri } from './memory-service-from-uri.js';
