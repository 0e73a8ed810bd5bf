import type { Event } from '../events/event.js';
import type { Session } from '../sessions/session.js';
import type { Content } from '../types/index.js';

/** One remembered piece of content (Python `MemoryEntry`). */
export interface MemoryEntry {
  content: Content;
  author?: string;
  /** ISO 8601 time of the original event, when known. */
  timestamp?: string;
  customMetadata?: Record<string, unknown>;
  id?: string;
}

/** Arguments of `searchMemory`. */
export interface SearchMemoryRequest {
  appName: string;
  userId: string;
  query: string;
}

/** Result of `searchMemory`. */
export interface SearchMemoryResponse {
  memories: MemoryEntry[];
}

/** Arguments of `addEventsToMemory`. */
export interface AddEventsToMemoryRequest {
  appName: string;
  userId: string;
  sessionId?: string;
  events: Event[];
}

/**
 * The contract every long-term memory store meets (Python
 * `BaseMemoryService`): sessions go in, a query brings back the memories of
 * that app and user that match it.
 */
export interface BaseMemoryService {
  /** Adds the session's events (those with content) to the user's memory. */
  addSessionToMemory(session: Session): Promise<void>;
  /** Adds the given events to the user's memory. */
  addEventsToMemory(request: AddEventsToMemoryRequest): Promise<void>;
  /** The user's memories that match the query. */
  searchMemory(request: SearchMemoryRequest): Promise<SearchMemoryResponse>;
}
