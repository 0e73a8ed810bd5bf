import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { LlmRequest } from '../models/llm-request.js';

/**
 * One step of building a model request (Python `BaseLlmRequestProcessor`).
 * It changes the request in place. A processor that may also yield events
 * (a resumed tool's response, for example) implements `runAsync`; one that
 * only edits the request implements `process`, which the flow calls without
 * the cost of an async generator (most processors, on every model call).
 */
export type LlmRequestProcessor =
  | {
      runAsync(
        context: InvocationContext,
        request: LlmRequest,
      ): AsyncGenerator<Event, void, undefined>;
      process?: never;
      /**
       * A cheap check, asked before the step's processors run (so it may look
       * at the agent and the session, not at what earlier processors did);
       * when it says no, `runAsync` is not started (most turns use no such feature).
       */
      appliesTo?(context: InvocationContext): boolean;
    }
  | {
      process(context: InvocationContext, request: LlmRequest): void | Promise<void>;
      runAsync?: never;
    };

/**
 * One step of handling a model response before it becomes an event (Python
 * `BaseLlmResponseProcessor`). It may change the response and yield events.
 */
export interface LlmResponseProcessor {
  /** A cheap check, asked once per step (on the agent and the session); when it says no, `runAsync` is not started. */
  appliesTo?(context: InvocationContext): boolean;
  runAsync(
    context: InvocationContext,
    response: LlmResponse,
  ): AsyncGenerator<Event, void, undefined>;
}
