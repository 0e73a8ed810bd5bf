export { findFunctionCallEvent, findMatchingFunctionCall } from './find-matching-function-call.js';
export { createEvent, Event, NodeInfo, type EventInit } from './event.js';
export {
  eventFromCamelCaseJson,
  eventFromSnakeCaseJson,
  eventToCamelCaseJson,
  eventToSnakeCaseJson,
} from './event-json.js';
export { createEventActions, EventActions, EventCompaction, RouteValue } from './event-actions.js';
export {
  getFunctionCalls,
  getFunctionResponses,
  hasFunctionCalls,
  hasFunctionResponses,
  hasTrailingCodeExecutionResult,
  isFinalResponse,
  stringifyContent,
} from './event-predicates.js';
export { LlmResponse, LlmResponseFields } from './llm-response.js';
export { CacheMetadata } from './cache-metadata.js';
export { ToolConfirmation } from './tool-confirmation.js';
