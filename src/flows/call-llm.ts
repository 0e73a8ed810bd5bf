import { Context } from '../context/context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { StreamingMode } from '../context/run-config.js';
import type { Event } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { LlmAgentContract } from './llm-agent-contract.js';

const ADK_AGENT_NAME_LABEL_KEY = 'adk_agent_name';

/**
 * One model call (spec 000 §5.1): before-model callbacks (plugins first; a
 * response returned there is used instead of the call), the
 * `adk_agent_name` label, the model-call limit, the call itself (streamed
 * in SSE mode), on-error callbacks when it throws, and after-model callbacks
 * on every response. Callback state changes land in the model event's
 * actions.
 */
export async function* callLlm(
  context: InvocationContext,
  request: LlmRequest,
  modelResponseEvent: Event,
): AsyncGenerator<LlmResponse, void, undefined> {
  const agent = context.agent as LlmAgentContract;
  const callbackContext = new Context(context, { eventActions: modelResponseEvent.actions });
  const shortCircuit = await beforeModel(context, agent, callbackContext, request);
  if (shortCircuit) {
    yield shortCircuit;
    return;
  }
  const labels = (request.config.labels ??= {});
  if (!Object.hasOwn(labels, ADK_AGENT_NAME_LABEL_KEY))
    labels[ADK_AGENT_NAME_LABEL_KEY] = agent.name;
  const model = agent.canonicalModel;
  context.incrementLlmCallCount();
  const stream = context.runConfig.streamingMode === StreamingMode.SSE;
  const responses = model.generateContentAsync(request, stream, context.abortSignal);
  for await (const response of withModelErrorHandling(
    responses,
    context,
    agent,
    callbackContext,
    request,
  )) {
    const altered = await afterModel(context, agent, callbackContext, response);
    yield altered ?? response;
  }
}

async function beforeModel(
  context: InvocationContext,
  agent: LlmAgentContract,
  callbackContext: Context,
  request: LlmRequest,
): Promise<LlmResponse | undefined> {
  const fromPlugin = await context.pluginManager.runBeforeModelCallback({
    context: callbackContext,
    request,
  });
  if (fromPlugin) return fromPlugin;
  for (const callback of agent.canonicalBeforeModelCallbacks) {
    const result = await callback({ context: callbackContext, request });
    if (result) return result;
  }
  return undefined;
}

async function afterModel(
  context: InvocationContext,
  agent: LlmAgentContract,
  callbackContext: Context,
  response: LlmResponse,
): Promise<LlmResponse | undefined> {
  const fromPlugin = await context.pluginManager.runAfterModelCallback({
    context: callbackContext,
    response,
  });
  if (fromPlugin) return fromPlugin;
  for (const callback of agent.canonicalAfterModelCallbacks) {
    const result = await callback({ context: callbackContext, response });
    if (result) return result;
  }
  return undefined;
}

async function* withModelErrorHandling(
  responses: AsyncGenerator<LlmResponse, void>,
  context: InvocationContext,
  agent: LlmAgentContract,
  callbackContext: Context,
  request: LlmRequest,
): AsyncGenerator<LlmResponse, void, undefined> {
  try {
    yield* responses;
  } catch (error) {
    let recovered = await context.pluginManager.runOnModelErrorCallback({
      context: callbackContext,
      request,
      error,
    });
    if (recovered === undefined) {
      for (const callback of agent.canonicalOnModelErrorCallbacks) {
        const result = await callback({ context: callbackContext, request, error });
        if (result !== undefined && result !== null) {
          recovered = result;
          break;
        }
      }
    }
    if (recovered === undefined) throw error;
    yield recovered;
  }
}
