/*
 * The public sessions API (Python `google.adk.sessions`): the session and its
 * state, the session service contract and its requests, the in-memory and
 * database services, the service for a URI, refreshing a session from its
 * store, and the checks a stored key or state must pass. src/index.ts
 * re-exports all of it, so a name added here is a public-API decision
 * (test/packaging/public-surface.test.ts pins the runtime names). State
 * deltas, the URI schemes and the storage limits stay out; the services, the
 * runner and the server import their files directly.
 */

export {
  BaseSessionService,
  MAX_STALE_RELOADS,
  type AppendEventRequest,
  type AppendEventWithReloadRequest,
  type CreateSessionRequest,
  type DeleteSessionRequest,
  type GetSessionConfig,
  type GetSessionRequest,
  type ListSessionsRequest,
  type ListSessionsResponse,
  type StoreReload,
} from './base-session-service.js';
export {
  DatabaseSessionService,
  type DatabaseSessionServiceOptions,
} from './database/database-session-service.js';
export { InMemorySessionService } from './in-memory-session-service.js';
export { refreshSessionInPlace, type StoredSessionView } from './refresh-session.js';
export { getSessionServiceFromUri } from './session-service-from-uri.js';
export { Session } from './session.js';
export { State } from './state.js';
export { assertSessionKey, assertStorableState } from './storable-values.js';
