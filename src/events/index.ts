/*
 * The public events API (Python `google.adk.events`): the event and its
 * actions, their JSON forms, the predicates on an event's content, model
 * responses, tool confirmations, and the context cache's metadata an event
 * carries. src/index.ts re-exports all of it, so a name added here is a
 * public-API decision (test/packaging/public-surface.test.ts pins the runtime
 * names). The events' schemas and lookup helpers stay out; the flows, the
 * sessions and the server import their files directly. The function names of
 * confirmation and credential requests live in flows/, in that folder's list.
 */

export { CacheMetadata } from './cache-metadata.js';
export { createEvent, Event, type EventInit, type NodeInfo } from './event.js';
export {
  createEventActions,
  EventActions,
  type EventCompaction,
  type RouteValue,
} from './event-actions.js';
export {
  eventFromCamelCaseJson,
  eventFromSnakeCaseJson,
  eventToCamelCaseJson,
  eventToSnakeCaseJson,
} from './event-json.js';
export {
  getFunctionCalls,
  getFunctionResponses,
  hasFunctionCalls,
  hasFunctionResponses,
  hasTrailingCodeExecutionResult,
  isFinalResponse,
  stringifyContent,
} from './event-predicates.js';
export { findMatchingFunctionCall } from './find-matching-function-call.js';
export { LlmResponse } from './llm-response.js';
export { ToolConfirmation } from './tool-confirmation.js';
