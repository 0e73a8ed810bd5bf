import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { LlmAgentContract } from './llm-agent-contract.js';

/**
 * One step of building a model request (Python `BaseLlmRequestProcessor`,
 * spec 000 Appendix A). It edits `request` in place and may yield events (a
 * resumed tool's response, code-execution results); a processor that does
 * not apply to `agent` simply returns. The flow runs the processors in the
 * order of its list (`llm-flows.ts`).
 */
export interface LlmRequestProcessor {
  runAsync(
    context: InvocationContext,
    request: LlmRequest,
    agent: LlmAgentContract,
  ): AsyncGenerator<Event, void, undefined>;
}

/**
 * One step of handling a model response before it becomes an event (Python
 * `BaseLlmResponseProcessor`). It may change `response` and yield events; a
 * processor that does not apply to `agent` simply returns.
 */
export interface LlmResponseProcessor {
  runAsync(
    context: InvocationContext,
    response: LlmResponse,
    agent: LlmAgentContract,
  ): AsyncGenerator<Event, void, undefined>;
}
