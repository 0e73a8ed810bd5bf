import type { InvocationContext } from '../context/invocation-context.js';
import type { LiveRequestQueue } from '../context/live-request-queue.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { createEvent } from '../events/event.js';
import type { BaseLlmConnection } from '../models/base-llm-connection.js';
import type { Content } from '../types/index.js';
import { cacheLiveAudio } from './live-audio-cache.js';
import { forwardToStreamingTools } from './live-streaming-tools.js';

/**
 * Forwards the client's live requests to the model until a `close` request
 * or until `signal` fires (Python `BaseLlmFlow._send_to_model`): activity
 * start and end and blobs go as realtime input (audio blobs also kept for
 * the turn's audio file when `runConfig.saveLiveBlob` is on), content as
 * content (the user's content, unless it holds function responses or is
 * partial, is first stored in the session as a `user` event, as in non-live
 * runs, through the Runner's commit queue when the Runner set
 * `context.liveEventWriter`, so it is stored in order with the events the
 * run yields; it is not yielded), then offered to `screen` (the
 * before-model hooks), which returns true when it blocked it: blocked
 * content is not sent; `close` closes the connection, which ends the
 * model's receive stream. Each request is first copied to the streaming
 * tools' input streams. Resolves when it stops, whatever the reason;
 * rejects with `InvalidArgumentError` for content holding a function call
 * (only the model calls functions), as Python does.
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
    if (request.close) {
      await connection.close();
      return;
    }
    if (request.activityStart)
      await connection.sendRealtime({ activityStart: request.activityStart });
    if (request.activityEnd) await connection.sendRealtime({ activityEnd: request.activityEnd });
    if (request.blob) {
      if (context.runConfig.saveLiveBlob) cacheLiveAudio(context, request.blob, 'input');
      await connection.sendRealtime({ blob: request.blob });
    }
    if (request.content) {
      if (request.content.parts?.some((part) => part.functionCall)) {
        throw new InvalidArgumentError({
          argument: 'content',
          message: 'User message cannot contain function calls.',
        });
      }
      const content: Content = { ...request.content, role: request.content.role || 'user' };
      if (!request.partial && !content.parts?.some((part) => part.functionResponse)) {
        const event = createEvent({ invocationId: context.invocationId, author: 'user', content });
        if (context.liveEventWriter) await context.liveEventWriter(event);
        else await context.sessionService.appendEvent({ session: context.session, event });
      }
      // A tool's answer is not the user's input: it is not screened.
      const onlyResponses = content.parts?.every((part) => part.functionResponse) ?? false;
      if (!onlyResponses && screen && (await screen(content))) continue;
      await connection.sendContent(content);
    }
  }
}
