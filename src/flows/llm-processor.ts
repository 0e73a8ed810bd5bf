import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { LlmRequest } from '../models/llm-request.js';

/**
 * One step of building a model request (Python `BaseLlmRequestProcessor`).
 * It changes the request in place and may yield events (a resumed tool's
 * response, for example); most yield none.
 */
export interface LlmRequestProcessor {
  runAsync(context: InvocationContext, request: LlmRequest): AsyncGenerator<Event, void, undefined>;
}

/**
 * One step of handling a model response before it becomes an event (Python
 * `BaseLlmResponseProcessor`). It may change the response and yield events.
 */
export interface LlmResponseProcessor {
  runAsync(
    context: InvocationContext,
    response: LlmResponse,
  ): AsyncGenerator<Event, void, undefined>;
}
