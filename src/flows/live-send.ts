import type { InvocationContext } from '../context/invocation-context.js';
import type { LiveRequest, LiveRequestQueue } from '../context/live-request-queue.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { createEvent, type EventInit } from '../events/event.js';
import type { BaseLlmConnection, RealtimeInput } from '../models/base-llm-connection.js';
import type { Content } from '../types/index.js';
import { cacheLiveAudio } from './live-audio-cache.js';
import { forwardToStreamingTools } from './live-streaming-tools.js';
import { cacheTypedContent, cacheUserAudio } from './live-transcription-cache.js';

/**
 * Forwards the client's live requests to the model until a `close` request
 * or until `signal` fires (Python `BaseLlmFlow._send_to_model`). Each
 * request is first copied to the streaming tools' input streams. Then:
 *
 * - its `stateDelta` is applied: on the `user` event that stores its content
 *   when there is one (below), otherwise on a `user` event without content;
 * - `close` closes the connection, which ends the model's receive stream;
 * - the first of activity start, activity end, the end of the audio stream
 *   and a blob goes as realtime input (audio blobs also kept for the turn's
 *   audio file when `runConfig.saveLiveBlob` is on, and in the transcription
 *   cache when the model does not transcribe the input);
 * - content goes as content: the user's content (unless it is partial or
 *   holds function responses other than answers to this invocation's
 *   long-running calls) is first stored in the session as a `user` event,
 *   as in non-live runs, and kept in the transcription cache; it is not
 *   yielded. It is then offered to `screen` (the before-model hooks),
 *   which returns true when it blocked it: blocked content is not sent.
 *
 * Events are stored through the Runner's commit queue when the Runner set
 * `context.liveEventWriter`, so they are stored in order with the events
 * the run yields. Resolves when it stops, whatever the reason; rejects with
 * `InvalidArgumentError` for content holding a function call (only the
 * model calls functions), as Python does.
 */
export async function sendToModel(
  context: InvocationContext,
  connection: BaseLlmConnection,
  queue: LiveRequestQueue,
  signal: AbortSignal,
  screen?: (content: Content) => Promise<boolean>,
): Promise<void> {
  for (;;) {
    let request;
    try {
      request = await queue.get(signal);
    } catch (error) {
      if (signal.aborted) return;
      throw error;
    }
    forwardToStreamingTools(context, request);
    const userContent = userContentOf(context, request);
    if (request.stateDelta && !userContent) {
      await storeUserEvent(context, { actions: { stateDelta: request.stateDelta } });
    }
    if (request.close) {
      await connection.close();
      return;
    }
    const realtime = realtimeInputOf(request);
    if (realtime) {
      if ('blob' in realtime) {
        if (context.runConfig.saveLiveBlob) cacheLiveAudio(context, realtime.blob, 'input');
        cacheUserAudio(context, realtime.blob);
      }
      await connection.sendRealtime(realtime);
    }
    if (request.content) {
      if (request.content.parts?.some((part) => part.functionCall)) {
        throw new InvalidArgumentError({
          argument: 'content',
          message: 'User message cannot contain function calls.',
        });
      }
      const content: Content = { ...request.content, role: request.content.role || 'user' };
      if (userContent) {
        await storeUserEvent(context, {
          content,
          ...(request.stateDelta ? { actions: { stateDelta: request.stateDelta } } : {}),
        });
        cacheTypedContent(context, content);
      }
      // A tool's answer is not the user's input: it is not screened.
      const onlyResponses = content.parts?.every((part) => part.functionResponse) ?? false;
      if (!onlyResponses && screen && (await screen(content))) continue;
      await connection.sendContent(content);
    }
  }
}

/**
 * The request's content when the session stores it as the user's: not
 * partial, and either without function responses (a turn of the user) or
 * answering only long-running calls of this invocation (the client's answer
 * to a call that waits for one, which `runAsync` stores too). Other
 * function responses are the tools' own, stored as the run yields them.
 */
function userContentOf(context: InvocationContext, request: LiveRequest): Content | undefined {
  const content = request.content;
  if (!content || request.close || request.partial) return undefined;
  const answers = content.parts?.filter((part) => part.functionResponse) ?? [];
  if (answers.length === 0) return content;
  const waiting = longRunningCallIds(context);
  const answersWaiting = answers.every((part) => {
    const id = part.functionResponse?.id;
    return id !== undefined && waiting.has(id);
  });
  return answersWaiting && answers.length === content.parts?.length ? content : undefined;
}

/** The ids of the long-running calls this invocation's stored events made. */
function longRunningCallIds(context: InvocationContext): Set<string> {
  const ids = new Set<string>();
  for (const event of context.session.events) {
    if (event.invocationId !== context.invocationId) continue;
    for (const id of event.longRunningToolIds ?? []) ids.add(id);
  }
  return ids;
}

/** The realtime input a request carries, by Python's priority: only the first is sent. */
function realtimeInputOf(request: LiveRequest): RealtimeInput | undefined {
  if (request.activityStart) return { activityStart: request.activityStart };
  if (request.activityEnd) return { activityEnd: request.activityEnd };
  if (request.audioStreamEnd) return { audioStreamEnd: true };
  if (request.blob) return { blob: request.blob };
  return undefined;
}

/** Stores an event of the user in the session, through the Runner's commit queue when it has one. */
async function storeUserEvent(
  context: InvocationContext,
  fields: Omit<EventInit, 'author' | 'invocationId'>,
): Promise<void> {
  const event = createEvent({ invocationId: context.invocationId, author: 'user', ...fields });
  if (context.liveEventWriter) await context.liveEventWriter(event);
  else await context.sessionService.appendEvent({ session: context.session, event });
}
