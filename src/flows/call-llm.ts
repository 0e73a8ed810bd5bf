import type { Span } from '@opentelemetry/api';
import type { MaybePromise } from '../context/hook-arguments.js';
import { Context } from '../context/context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { StreamingMode } from '../context/run-config.js';
import type { Event } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { LlmRequest } from '../models/llm-request.js';
import { contextWithSpan, recordSpanError, startAdkSpan } from '../telemetry/adk-tracer.js';
import { traceCallLlm } from '../telemetry/trace-attributes.js';
import type { LlmAgentContract } from './llm-agent-contract.js';

const ADK_AGENT_NAME_LABEL_KEY = 'adk_agent_name';

/**
 * One model call (spec 000 §5.1): before-model callbacks (plugins first; a
 * response returned there is used instead of the call), the
 * `adk_agent_name` label, the model-call limit, the call itself (streamed
 * in SSE mode), on-error callbacks when it throws, and after-model callbacks
 * on every response. Callback state changes land in the model event's
 * actions. With no hook and no trace, the model-call limit is checked when
 * this is called and the generator returned is the model's own.
 */
export function callLlm(
  context: InvocationContext,
  request: LlmRequest,
  modelResponseEvent: Event,
): AsyncGenerator<LlmResponse, void, undefined> {
  const agent = context.agent as LlmAgentContract;
  if (
    context.pluginManager.hasPlugins ||
    agent.canonicalBeforeModelCallbacks.length > 0 ||
    agent.canonicalAfterModelCallbacks.length > 0 ||
    agent.canonicalOnModelErrorCallbacks.length > 0
  ) {
    return callLlmWithHooks(context, agent, request, modelResponseEvent);
  }
  setAgentNameLabel(request, agent);
  const span = startAdkSpan('call_llm', context.traceContext);
  if (span.isRecording()) {
    // No hook will ask for a context; modelCall takes the factory all the same.
    const hookContext = (): Context =>
      new Context(context, { eventActions: modelResponseEvent.actions });
    return modelCall(context, agent, request, modelResponseEvent, span, hookContext);
  }
  // Nothing hooked and nothing traced: the model's own generator is the call
  // (each response crosses one generator level less).
  span.end();
  context.incrementLlmCallCount();
  const stream = context.runConfig.streamingMode === StreamingMode.SSE;
  return agent.canonicalModel.generateContentAsync(request, stream, context.abortSignal);
}

async function* callLlmWithHooks(
  context: InvocationContext,
  agent: LlmAgentContract,
  request: LlmRequest,
  modelResponseEvent: Event,
): AsyncGenerator<LlmResponse, void, undefined> {
  // Made on first use: a hook that is not there needs no context.
  let callbackContext: Context | undefined;
  const hookContext = (): Context =>
    (callbackContext ??= new Context(context, { eventActions: modelResponseEvent.actions }));
  const pendingBefore = beforeModel(context, agent, hookContext, request);
  const shortCircuit = pendingBefore && (await pendingBefore);
  if (shortCircuit) {
    yield shortCircuit;
    return;
  }
  setAgentNameLabel(request, agent);
  const span = startAdkSpan('call_llm', context.traceContext);
  yield* modelCall(context, agent, request, modelResponseEvent, span, hookContext);
}

function setAgentNameLabel(request: LlmRequest, agent: LlmAgentContract): void {
  const labels = (request.config.labels ??= {});
  if (!Object.hasOwn(labels, ADK_AGENT_NAME_LABEL_KEY))
    labels[ADK_AGENT_NAME_LABEL_KEY] = agent.name;
}

/**
 * The call itself in its `call_llm` span: the model-call limit, the model's
 * responses through the after-model hooks, the on-error hooks when it throws.
 */
async function* modelCall(
  context: InvocationContext,
  agent: LlmAgentContract,
  request: LlmRequest,
  modelResponseEvent: Event,
  span: Span,
  hookContext: () => Context,
): AsyncGenerator<LlmResponse, void, undefined> {
  const model = agent.canonicalModel;
  // The span stays current while the caller handles each response, so the
  // tools it runs and the agents it transfers to nest under it, as in Python.
  const parentTraceContext = context.traceContext;
  context.traceContext = contextWithSpan(span, parentTraceContext);
  try {
    context.incrementLlmCallCount();
    const stream = context.runConfig.streamingMode === StreamingMode.SSE;
    const responses = model.generateContentAsync(request, stream, context.abortSignal);
    let finished = false;
    try {
      for (;;) {
        let next: IteratorResult<LlmResponse, void>;
        try {
          next = await responses.next();
        } catch (error) {
          finished = true;
          const recovered = await onModelError(context, agent, hookContext(), request, error);
          if (recovered === undefined) throw error;
          const pendingAfter = afterModel(context, agent, hookContext, recovered);
          const response = (pendingAfter && (await pendingAfter)) ?? recovered;
          if (span.isRecording())
            traceResponse(span, context, request, response, modelResponseEvent);
          yield response;
          return;
        }
        if (next.done) {
          finished = true;
          return;
        }
        const pendingAfter = afterModel(context, agent, hookContext, next.value);
        const response = (pendingAfter && (await pendingAfter)) ?? next.value;
        if (span.isRecording()) traceResponse(span, context, request, response, modelResponseEvent);
        yield response;
      }
    } finally {
      // A consumer that stops early closes the model's stream, as for-await would.
      if (!finished) await responses.return(undefined);
    }
  } catch (error) {
    recordSpanError(span, error);
    throw error;
  } finally {
    context.traceContext = parentTraceContext;
    span.end();
  }
}

function traceResponse(
  span: Span,
  context: InvocationContext,
  request: LlmRequest,
  response: LlmResponse,
  modelResponseEvent: Event,
): void {
  traceCallLlm(
    span,
    {
      invocationId: context.invocationId,
      sessionId: context.session.id,
      // The event this response becomes takes the skeleton's current id.
      eventId: modelResponseEvent.id,
    },
    request,
    response,
  );
}

/**
 * The first response a hook offers: the plugins' (first non-undefined),
 * else the agent's callbacks in order. Model callbacks return objects, so
 * the first one returned wins.
 */
async function firstResponse<A>(
  fromPlugins: Promise<LlmResponse | undefined>,
  callbacks: readonly ((args: A) => MaybePromise<LlmResponse | undefined | void>)[],
  args: A,
): Promise<LlmResponse | undefined> {
  const fromPlugin = await fromPlugins;
  if (fromPlugin) return fromPlugin;
  for (const callback of callbacks) {
    const result = await callback(args);
    if (result) return result;
  }
  return undefined;
}

/** The before-model hooks' response; undefined, with nothing awaited, when there are no hooks. */
function beforeModel(
  context: InvocationContext,
  agent: LlmAgentContract,
  callbackContext: () => Context,
  request: LlmRequest,
): Promise<LlmResponse | undefined> | undefined {
  if (!context.pluginManager.hasPlugins && agent.canonicalBeforeModelCallbacks.length === 0) {
    return undefined;
  }
  const args = { context: callbackContext(), request };
  return firstResponse(
    context.pluginManager.runBeforeModelCallback(args),
    agent.canonicalBeforeModelCallbacks,
    args,
  );
}

/** The after-model hooks' replacement; undefined, with nothing awaited, when there are no hooks. */
function afterModel(
  context: InvocationContext,
  agent: LlmAgentContract,
  callbackContext: () => Context,
  response: LlmResponse,
): Promise<LlmResponse | undefined> | undefined {
  if (!context.pluginManager.hasPlugins && agent.canonicalAfterModelCallbacks.length === 0) {
    return undefined;
  }
  const args = { context: callbackContext(), response };
  return firstResponse(
    context.pluginManager.runAfterModelCallback(args),
    agent.canonicalAfterModelCallbacks,
    args,
  );
}

function onModelError(
  context: InvocationContext,
  agent: LlmAgentContract,
  callbackContext: Context,
  request: LlmRequest,
  error: unknown,
): Promise<LlmResponse | undefined> {
  const args = { context: callbackContext, request, error };
  return firstResponse(
    context.pluginManager.runOnModelErrorCallback(args),
    agent.canonicalOnModelErrorCallbacks,
    args,
  );
}
