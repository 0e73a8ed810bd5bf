import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import type { LlmRequest } from '../models/llm-request.js';
import {
  generateAuthEvent,
  generateRequestConfirmationEvent,
  handleFunctionCallsAsync,
  type ToolRunner,
} from './functions.js';
import type { LlmAgentContract } from './llm-agent-contract.js';
import {
  createFinalModelResponseEvent,
  getStructuredModelResponse,
} from './processors/output-schema.js';

/** What follows a function-call event in a step: the events to yield, then the agent a transfer names. */
export interface FunctionCallFollowUps {
  events: Event[];
  transferTo: string | undefined;
}

/**
 * Runs the calls, then lists the auth request, the confirmation request, the
 * responses and the structured final answer, and names the agent a transfer
 * asks for (spec 000 §6.3, §8.2). `runTool` runs each tool in place of its
 * `runAsync` (the live flow's runner).
 */
export async function runFunctionCalls(
  context: InvocationContext,
  agent: LlmAgentContract,
  functionCallEvent: Event,
  request: LlmRequest,
  runTool?: ToolRunner,
): Promise<FunctionCallFollowUps> {
  const responseEvent = await handleFunctionCallsAsync({
    context,
    agent,
    functionCallEvent,
    toolsDict: request.toolsDict,
    runTool,
  });
  if (!responseEvent) return { events: [], transferTo: undefined };
  const events: Event[] = [];
  const authEvent = generateAuthEvent(context, responseEvent);
  if (authEvent) events.push(authEvent);
  const confirmationEvent = generateRequestConfirmationEvent(
    context,
    functionCallEvent,
    responseEvent,
  );
  if (confirmationEvent) events.push(confirmationEvent);
  events.push(responseEvent);
  const structured = getStructuredModelResponse(responseEvent);
  if (structured !== undefined) events.push(createFinalModelResponseEvent(context, structured));
  // The agent is looked up after the responses are yielded: an unknown name fails with them committed, as in Python.
  return { events, transferTo: responseEvent.actions.transferToAgent || undefined };
}
