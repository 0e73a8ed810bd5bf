import type { InvocationContext } from '../context/invocation-context.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { createEvent, type Event } from '../events/event.js';
import { hasFunctionCalls } from '../events/event-predicates.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { Content } from '../types/index.js';
import type { BaseLlmConnection } from '../models/base-llm-connection.js';
import { createLlmRequest, type LlmRequest } from '../models/llm-request.js';
import { newEventId } from '../utils/ids.js';
import { type BaseLlmFlow, finalizeModelResponseEvent, getAgentToRun } from './base-llm-flow.js';
import { runFunctionCalls } from './function-call-follow-ups.js';
import { cacheModelAudioOf, flushLiveAudioOnControl } from './live-audio-cache.js';
import { checkLiveResponseModalities } from './live-modalities.js';
import { LiveOutputScreen, screenLiveUserContent, spokenContentOf } from './live-screening.js';
import { LiveSideEvents, withSideEvents } from './live-side-events.js';
import { sendToModel } from './live-send.js';
import type { LlmAgentContract } from './llm-agent-contract.js';

/**
 * Runs `agent` in a live session (Python `BaseLlmFlow.run_live`): builds the
 * request as the normal flow does, opens the model's connection, sends the
 * history, then forwards the context's LiveRequestQueue to the model while
 * turning each model response into an event (partial text, turn complete,
 * interrupted, transcriptions). Function calls are run and their responses
 * sent back into the session; a transfer closes this session and runs the
 * named agent live on the same queue. Ends when the queue sends `close` (the
 * connection closes), when the context's abort signal fires, or when the
 * model's stream ends; a model error is thrown as it came. The connection
 * is closed on every way out. Throws `InvalidArgumentError` when the
 * context has no LiveRequestQueue.
 */
export async function* runLiveFlow(
  flow: BaseLlmFlow,
  context: InvocationContext,
  agent: LlmAgentContract,
): AsyncGenerator<Event, void, undefined> {
  const queue = context.liveRequestQueue;
  if (!queue) {
    throw new InvalidArgumentError({
      argument: 'liveRequestQueue',
      message: 'A live run needs a LiveRequestQueue to read the client input from.',
    });
  }
  const request = createLlmRequest();
  yield* flow.preprocess(context, agent, request);
  if (context.endInvocation) return;

  checkLiveResponseModalities(context.runConfig, agent.canonicalModel);
  const connection = await agent.canonicalModel.connect(request);
  const stop = new AbortController();
  const onAbort = (): void => {
    stop.abort(context.abortSignal?.reason);
    void connection.close();
  };
  context.abortSignal?.addEventListener('abort', onAbort, { once: true });
  let sending: Promise<void> | undefined;
  let transferTo: string | undefined;
  let restart = false;
  // Typed text a before-model hook blocks becomes an event the receive loop yields.
  const sideEvents = new LiveSideEvents();
  const screen = async (content: Content): Promise<boolean> => {
    const blocked = await screenLiveUserContent(context, agent, request, content);
    if (blocked) sideEvents.push(blocked);
    return blocked !== undefined;
  };
  try {
    context.abortSignal?.throwIfAborted();
    if (request.contents.length > 0) await connection.sendHistory(request.contents);
    // A failed send closes the session, so the receive loop ends and the failure is thrown below.
    let sendFailure: unknown;
    let sendingEnded = false;
    sending = sendToModel(context, connection, queue, stop.signal, screen)
      .catch(async (error: unknown) => {
        sendFailure = error;
        await connection.close();
      })
      .finally(() => {
        sendingEnded = true;
      });
    // A connection's stream ends with each model turn (Python's Gemini connection stops at
    // turn_complete), so it is read again until the session is over: the sending side ended,
    // a transfer, an abort, or a pass that received nothing (the connection is closed).
    for (;;) {
      const pass = yield* receiveFromModel(
        flow,
        context,
        agent,
        request,
        connection,
        () => stop.abort(),
        sideEvents,
      );
      transferTo = pass.transferTo;
      restart = pass.restart;
      if (transferTo !== undefined || restart || !pass.received || sendingEnded) break;
      if (stop.signal.aborted) break;
    }
    context.abortSignal?.throwIfAborted();
    if (sendFailure !== undefined) throw sendFailure;
  } finally {
    context.abortSignal?.removeEventListener('abort', onAbort);
    stop.abort();
    await connection.close();
    await sending;
  }
  yield* sideEvents.drain();
  // A blocked model answer or spoken input: a new session drops the rest of the model's output.
  if (restart) yield* runLiveFlow(flow, context, agent);
  // The session and its reader on the queue are closed first, so the agent transferred to reads alone.
  else if (transferTo) yield* getAgentToRun(context, transferTo).runLive(context);
}

/**
 * One pass over the connection's stream: the model's responses as events
 * (Python `_receive_from_model` and `_postprocess_live`), with the function
 * calls run and answered. Returns the agent a transfer names, having stopped
 * at it (and stopped the sending before yielding the transfer), and whether
 * the pass received any response.
 */
async function* receiveFromModel(
  flow: BaseLlmFlow,
  context: InvocationContext,
  agent: LlmAgentContract,
  request: LlmRequest,
  connection: BaseLlmConnection,
  stopSending: () => void,
  sideEvents: LiveSideEvents,
): AsyncGenerator<Event, LivePass, undefined> {
  let received = false;
  const outputScreen = new LiveOutputScreen(context, agent, request);
  for await (const item of withSideEvents(connection.receive(), sideEvents)) {
    if ('sideEvent' in item) {
      yield item.sideEvent;
      continue;
    }
    const response = item.response;
    received = true;
    const blockedAnswer = await outputScreen.screen(response);
    // As for a transfer, input sent on seeing the block is for the next session.
    if (blockedAnswer) {
      stopSending();
      yield blockedAnswer;
      return { transferTo: undefined, received, restart: true };
    }
    const skeleton = createEvent({
      id: newEventId(),
      invocationId: context.invocationId,
      author:
        response.inputTranscription || response.content?.role === 'user' ? 'user' : agent.name,
      ...(context.branch === undefined ? {} : { branch: context.branch }),
    });
    for (const processor of flow.responseProcessors) {
      yield* processor.runAsync(context, response, agent);
    }
    if (!carriesSomething(response)) continue;
    const flushed = await flushLiveAudioOnControl(context, response);
    if (flushed.length > 0) {
      yield* flushed;
      continue;
    }
    const event = finalizeModelResponseEvent(request, response, skeleton);
    cacheModelAudioOf(context, event);
    yield event;
    const spoken = spokenContentOf(response);
    const blockedSpeech = spoken && (await screenLiveUserContent(context, agent, request, spoken));
    if (blockedSpeech) {
      stopSending();
      yield blockedSpeech;
      return { transferTo: undefined, received, restart: true };
    }
    if (event.partial || !hasFunctionCalls(event)) continue;
    const followUps = await runFunctionCalls(context, agent, event, request);
    // Input the client sends once it sees the transfer is for the agent transferred to.
    if (followUps.transferTo) stopSending();
    for (const followUp of followUps.events) {
      yield followUp;
      if (!followUps.transferTo && followUp.content?.parts?.some((part) => part.functionResponse)) {
        await connection.sendContent(followUp.content);
      }
    }
    if (followUps.transferTo) return { transferTo: followUps.transferTo, received, restart: false };
  }
  return { transferTo: undefined, received, restart: false };
}

/** How a pass over the model's stream ended: a transfer, a restart (a blocked answer), whether anything came. */
interface LivePass {
  transferTo: string | undefined;
  received: boolean;
  restart: boolean;
}

/** Whether a live response is worth an event (Python skips the empty ones). */
function carriesSomething(response: LlmResponse): boolean {
  return (
    response.content !== undefined ||
    response.errorCode !== undefined ||
    response.interrupted === true ||
    response.turnComplete === true ||
    response.inputTranscription !== undefined ||
    response.outputTranscription !== undefined ||
    response.usageMetadata !== undefined ||
    response.liveSessionResumptionUpdate !== undefined ||
    response.groundingMetadata !== undefined
  );
}
