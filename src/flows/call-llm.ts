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
 * One model call (spec 000 §5.1, Python `_call_llm_async`): before-model
 * callbacks (plugins first; a response returned there is used instead of
 * the call), the `adk_agent_name` label, the model-call limit, the call
 * itself in a `call_llm` span (streamed in SSE mode), on-error callbacks
 * when it throws, and after-model callbacks on every response. Callback
 * state changes land in the model event's actions. A hook with no plugin
 * and no callback is skipped; the span records nothing when no
 * OpenTelemetry SDK is registered.
 */
export async function* callLlm(
  context: InvocationContext,
  agent: LlmAgentContract,
  request: LlmRequest,
  modelResponseEvent: Event,
): AsyncGenerator<LlmResponse, void, undefined> {
  const hooks = modelHooksOf(context, agent);
  // Made only when a hook will see it; callback state changes land in the model event's actions.
  const callbackContext = hooks.any
    ? new Context(context, { eventActions: modelResponseEvent.actions })
    : undefined;
  if (hooks.before) {
    const beforeArgs = { context: callbackContext!, request };
    const shortCircuit = await firstResponse(
      context.pluginManager.runBeforeModelCallback(beforeArgs),
      agent.canonicalBeforeModelCallbacks,
      beforeArgs,
    );
    if (shortCircuit) {
      yield shortCircuit;
      return;
    }
  }
  const labels = (request.config.labels ??= {});
  if (!Object.hasOwn(labels, ADK_AGENT_NAME_LABEL_KEY))
    labels[ADK_AGENT_NAME_LABEL_KEY] = agent.name;

  const span = startAdkSpan('call_llm', context.traceContext);
  // The span stays current while the caller handles each response, so the
  // tools it runs and the agents it transfers to nest under it, as in Python.
  const parentTraceContext = context.traceContext;
  context.traceContext = contextWithSpan(span, parentTraceContext);
  try {
    context.incrementLlmCallCount();
    const stream = context.runConfig.streamingMode === StreamingMode.SSE;
    const responses = agent.canonicalModel.generateContentAsync(
      request,
      stream,
      context.abortSignal,
    );
    let finished = false;
    try {
      for (;;) {
        let next: IteratorResult<LlmResponse, void>;
        try {
          next = await responses.next();
        } catch (error) {
          finished = true;
          if (!hooks.onError) throw error;
          const errorArgs = { context: callbackContext!, request, error };
          const recovered = await firstResponse(
            context.pluginManager.runOnModelErrorCallback(errorArgs),
            agent.canonicalOnModelErrorCallbacks,
            errorArgs,
          );
          if (recovered === undefined) throw error;
          const response = hooks.after
            ? await afterModel(context, agent, callbackContext!, recovered)
            : recovered;
          if (span.isRecording())
            traceResponse(span, context, request, response, modelResponseEvent);
          yield response;
          return;
        }
        if (next.done) {
          finished = true;
          return;
        }
        const response = hooks.after
          ? await afterModel(context, agent, callbackContext!, next.value)
          : next.value;
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

/** Which model hooks this call has: plugins, or the agent's callbacks of each kind. */
interface ModelHooks {
  readonly before: boolean;
  readonly after: boolean;
  readonly onError: boolean;
  readonly any: boolean;
}

// A hook with no plugin and no callback is skipped, not awaited.
function modelHooksOf(context: InvocationContext, agent: LlmAgentContract): ModelHooks {
  const plugins = context.pluginManager.hasPlugins;
  const before = plugins || agent.canonicalBeforeModelCallbacks.length > 0;
  const after = plugins || agent.canonicalAfterModelCallbacks.length > 0;
  const onError = plugins || agent.canonicalOnModelErrorCallbacks.length > 0;
  return { before, after, onError, any: before || after || onError };
}

/** The response as the after-model callbacks leave it: the first one they return replaces it. */
async function afterModel(
  context: InvocationContext,
  agent: LlmAgentContract,
  callbackContext: Context,
  response: LlmResponse,
): Promise<LlmResponse> {
  const args = { context: callbackContext, response };
  const altered = await firstResponse(
    context.pluginManager.runAfterModelCallback(args),
    agent.canonicalAfterModelCallbacks,
    args,
  );
  return altered ?? response;
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
