import type { InvocationContext } from '../context/invocation-context.js';
import type { LiveRequestQueue } from '../context/live-request-queue.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { createEvent, type Event } from '../events/event.js';
import { hasFunctionCalls } from '../events/event-predicates.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { BaseLlmConnection } from '../models/base-llm-connection.js';
import { createLlmRequest, type LlmRequest } from '../models/llm-request.js';
import type { Content } from '../types/index.js';
import { TASK_COMPLETED_TOOL_NAME } from '../tools/task-completed-tool.js';
import { newEventId } from '../utils/ids.js';
import { type BaseLlmFlow, finalizeModelResponseEvent, getAgentToRun } from './base-llm-flow.js';
import { runFunctionCalls } from './function-call-follow-ups.js';
import { cacheModelAudioOf, flushLiveAudioOnControl } from './live-audio-cache.js';
import {
  forgetLiveSession,
  type LiveSessionEnd,
  noteLiveSessionUpdate,
  runLiveSessions,
} from './live-connection.js';
import { checkLiveResponseModalities } from './live-modalities.js';
import { LiveOutputScreen, screenLiveUserContent, spokenContentOf } from './live-screening.js';
import { sendToModel } from './live-send.js';
import { cacheLiveEvent } from './live-transcription-cache.js';
import { LiveSideEvents, withSideEvents } from './live-side-events.js';
import { LiveStreamingTools } from './live-streaming-tools.js';
import type { LlmAgentContract } from './llm-agent-contract.js';

/**
 * Runs `agent` in a live session (Python `BaseLlmFlow.run_live`): builds the
 * request as the normal flow does, checks the run's response modalities
 * against the model, opens the model's connection, sends the history, then
 * forwards the context's LiveRequestQueue to the model while turning each
 * model response into an event (partial text, turn complete, interrupted,
 * transcriptions), kept in `context.transcriptionCache` as they are final
 * (`cacheLiveEvent`). Function calls are run and their responses sent back
 * into the session; a transfer closes this session and runs the named
 * agent live on the same queue; a call of `task_completed` (a live
 * SequentialAgent's sub-agent is done) ends the agent's run the same way,
 * so the sequence's next agent reads the queue. A before-model hook that blocks typed text
 * or spoken input, or an after-model hook that blocks an answer, has its
 * response yielded and the session restarted (the flow runs again). A lost
 * connection is resumed with the session's resumption handle, and `goAway`
 * moves the session to a new connection (`runLiveSessions`). Ends when the
 * queue sends `close` (the connection closes), when the context's abort
 * signal fires, or when the model's stream ends; a model error is thrown
 * as it came. The connection is closed, and the streaming tools the run
 * started are stopped, on every way out (before a transfer's agent runs).
 * Throws `InvalidArgumentError` when the context has no LiveRequestQueue.
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

  // Both outlive a connection: a resumed session goes on answering the tools and yielding the events.
  const streamingTools = new LiveStreamingTools(context);
  const sideEvents = new LiveSideEvents();
  // Typed text a before-model hook blocks becomes an event the receive loop yields.
  const screen = async (content: Content): Promise<boolean> => {
    const blocked = await screenLiveUserContent(context, agent, request, content);
    if (blocked) sideEvents.push(blocked);
    return blocked !== undefined;
  };
  const parts: LiveRunParts = { flow, context, agent, request, streamingTools, sideEvents, screen };
  let end: LiveSessionEnd;
  try {
    end = yield* runLiveSessions(context, agent, request, (connection) =>
      runLiveSession(parts, connection, queue),
    );
  } finally {
    await streamingTools.stopAll();
  }
  yield* sideEvents.drain();
  if (end.restart) {
    // A blocked model answer or spoken input: a fresh session drops the rest of the model's output.
    forgetLiveSession(context);
    yield* runLiveFlow(flow, context, agent);
  } else if (end.transferTo) {
    // The session and its reader on the queue are closed first, so the agent transferred to reads alone.
    forgetLiveSession(context);
    yield* getAgentToRun(context, end.transferTo).runLive(context);
  }
}

/** What the sessions of one agent's live run share. */
interface LiveRunParts {
  flow: BaseLlmFlow;
  context: InvocationContext;
  agent: LlmAgentContract;
  request: LlmRequest;
  streamingTools: LiveStreamingTools;
  sideEvents: LiveSideEvents;
  /** The before-model hooks on typed text; true when one blocked it. */
  screen: (content: Content) => Promise<boolean>;
}

/**
 * One live session on one connection (the body of Python `run_live`'s
 * connection): forwards the queue to the model while turning the model's
 * responses into events, until the session is over. Returns the agent a
 * transfer names, that the server sent `goAway` (the caller resumes the
 * session on a new connection), or that a hook blocked something (the
 * caller restarts the flow). Stops the sending on every way out; the
 * caller closes the connection.
 */
async function* runLiveSession(
  parts: LiveRunParts,
  connection: BaseLlmConnection,
  queue: LiveRequestQueue,
): AsyncGenerator<Event, LiveSessionEnd, undefined> {
  const { context } = parts;
  const stop = new AbortController();
  const onAbort = (): void => {
    stop.abort(context.abortSignal?.reason);
    void connection.close();
  };
  context.abortSignal?.addEventListener('abort', onAbort, { once: true });
  let sending: Promise<void> | undefined;
  let pass: LivePass = {
    transferTo: undefined,
    received: false,
    goAway: false,
    restart: false,
    taskCompleted: false,
  };
  try {
    context.abortSignal?.throwIfAborted();
    // A failed send closes the session, so the receive loop ends and the failure is thrown below.
    let sendFailure: unknown;
    let sendingEnded = false;
    sending = sendToModel(context, connection, queue, stop.signal, parts.screen)
      .catch(async (error: unknown) => {
        sendFailure = error;
        await connection.close();
      })
      .finally(() => {
        sendingEnded = true;
      });
    // A connection's stream ends with each model turn (Python's Gemini connection stops at
    // turn_complete), so it is read again until the session is over: the sending side ended,
    // a transfer, a restart, goAway, an abort, or a pass that received nothing (the connection
    // is closed).
    for (;;) {
      pass = yield* receiveFromModel(parts, connection, () => stop.abort());
      if (pass.transferTo !== undefined || pass.restart || pass.goAway || pass.taskCompleted) break;
      if (!pass.received || sendingEnded || stop.signal.aborted) break;
    }
    context.abortSignal?.throwIfAborted();
    if (sendFailure !== undefined) throw sendFailure;
  } finally {
    context.abortSignal?.removeEventListener('abort', onAbort);
    stop.abort();
    await connection.close();
    await sending;
  }
  return { transferTo: pass.transferTo, reconnect: pass.goAway, restart: pass.restart };
}

/** How a pass over the model's stream ended. */
interface LivePass {
  /** The agent a transfer names. */
  transferTo: string | undefined;
  /** Whether the pass received any response. */
  received: boolean;
  /** The server sent `goAway`. */
  goAway: boolean;
  /** A hook blocked an answer or spoken input. */
  restart: boolean;
  /** The agent called `task_completed` (a live SequentialAgent's sub-agent is done). */
  taskCompleted: boolean;
}

/**
 * One pass over the connection's stream, merged with the run's side events:
 * the model's responses as events (Python `_receive_from_model` and
 * `_postprocess_live`), screened by the after-model hooks (and finished
 * spoken input by the before-model hooks), audio cached and flushed as
 * files when the run saves it, function calls run and answered (streaming
 * tools through the run's `streamingTools`, which sees every response).
 * Stops at a transfer, a block or `goAway`, having stopped the sending for
 * a transfer or a block before yielding it.
 */
async function* receiveFromModel(
  parts: LiveRunParts,
  connection: BaseLlmConnection,
  stopSending: () => void,
): AsyncGenerator<Event, LivePass, undefined> {
  const { flow, context, agent, request, streamingTools } = parts;
  const ended = (fields: Partial<LivePass>): LivePass => ({
    transferTo: undefined,
    received: true,
    goAway: false,
    restart: false,
    taskCompleted: false,
    ...fields,
  });
  let received = false;
  const outputScreen = new LiveOutputScreen(context, agent, request);
  for await (const item of withSideEvents(connection.receive(), parts.sideEvents)) {
    if ('sideEvent' in item) {
      yield item.sideEvent;
      continue;
    }
    const response = item.response;
    received = true;
    // The server closes soon: the session goes on on a new connection (Python yields no goAway event).
    if (noteLiveSessionUpdate(context, response)) return ended({ goAway: true });
    streamingTools.onModelResponse(response);
    const blockedAnswer = await outputScreen.screen(response);
    // As for a transfer, input sent on seeing the block is for the next session.
    if (blockedAnswer) {
      stopSending();
      yield blockedAnswer;
      return ended({ restart: true });
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
    cacheLiveEvent(context, event);
    yield event;
    const spoken = spokenContentOf(response);
    const blockedSpeech = spoken && (await screenLiveUserContent(context, agent, request, spoken));
    if (blockedSpeech) {
      stopSending();
      yield blockedSpeech;
      return ended({ restart: true });
    }
    if (event.partial || !hasFunctionCalls(event)) continue;
    const followUps = await runFunctionCalls(
      context,
      agent,
      event,
      request,
      streamingTools.runTool,
    );
    // A live sequence's agent said its part is done: the next agent takes the session over.
    const taskCompleted = followUps.events.some((followUp) =>
      followUp.content?.parts?.some(
        (part) => part.functionResponse?.name === TASK_COMPLETED_TOOL_NAME,
      ),
    );
    const handsOver = followUps.transferTo !== undefined || taskCompleted;
    // Input the client sends once it sees the hand-over is for the agent that comes next.
    if (handsOver) stopSending();
    for (const followUp of followUps.events) {
      cacheLiveEvent(context, followUp);
      yield followUp;
      if (!handsOver && followUp.content?.parts?.some((part) => part.functionResponse)) {
        await connection.sendContent(followUp.content);
      }
    }
    streamingTools.releaseStarted();
    if (handsOver) return ended({ transferTo: followUps.transferTo, taskCompleted });
  }
  return ended({ received });
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
