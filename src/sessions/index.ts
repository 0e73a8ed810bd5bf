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
export { refreshSessionInPlace, type StoredSessionView } from './refresh-session.js';
export { Session } from './session.js';
export { State } from './state.js';
export {
  applyStateDelta,
  extractStateDelta,
  mergeState,
  type ScopedStateDelta,
} from './state-delta.js';
export { InMemorySessionService } from './in-memory-session-service.js';
export {
  DatabaseSessionService,
  type DatabaseSessionServiceOptions,
} from './database/database-session-service.js';
export {
  getSessionServiceFromUri,
  SESSION_SERVICE_URI_SCHEMES,
} from './session-service-from-uri.js';
export {
  assertSessionKey,
  assertStorableEvent,
  assertStorableEventFields,
  assertStorableState,
  MAX_INVOCATION_ID_LENGTH,
} from './storable-values.js';
export { MAX_STORED_NESTING_DEPTH } from '../utils/nesting-depth.js';
export { MAX_ID_LENGTH } from '../utils/stored-id.js';
