import type { Hono } from 'hono';
import { newUuid } from '../utils/ids.js';
import { logger } from '../utils/logger.js';
import { prepareRun } from './run-preparation.js';
import type { RouteContext } from './route-context.js';
import { errorFrameBody, eventsToSend, sseFrame } from './sse-frames.js';
import { eventToWireJson } from './wire-json.js';

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
} as const;

/**
 * `POST /run_sse` with a RunAgentRequest: a `text/event-stream` of the
 * run's events, one `data: <event json>\n\n` frame each, partial events
 * (with `streaming: true`) before the final one, the artifactDelta split of
 * `eventsToSend`. Everything `prepareRun` checks fails with a status before
 * the stream starts (404 for a missing session); a failure after that is a
 * last `data: {"error": …}` frame. The stream's `x-request-id` header names
 * it; a failure is logged under that id and the error frame carries it. A
 * client that disconnects, or the server closing, stops the run and ends
 * the stream.
 */
export function registerRunSseRoutes(app: Hono, route: RouteContext): void {
  app.post('/run_sse', async (context) => {
    const run = await prepareRun(context, route, true);
    const cancelled = new AbortController();
    const abortSignal = AbortSignal.any([context.req.raw.signal, route.shutdown, cancelled.signal]);
    const events = run.events(abortSignal);
    const split = !run.request.functionCallEventId;
    const exposeMessages = route.options.exposeErrorMessages ?? false;
    const requestId = newUuid();
    const encoder = new TextEncoder();
    let finished = false;
    const finish = async (): Promise<void> => {
      if (finished) return;
      finished = true;
      await run.finish();
    };

    const body = new ReadableStream<Uint8Array>({
      async pull(stream) {
        try {
          const next = await events.next();
          if (next.done) {
            closeQuietly(stream);
            await finish();
            return;
          }
          for (const event of eventsToSend(next.value, split)) {
            stream.enqueue(encoder.encode(sseFrame(eventToWireJson(event))));
          }
        } catch (error) {
          // A stop we asked for is not an error to report; the client is gone or the server closing.
          if (!abortSignal.aborted) {
            logger.error(
              `Error in the /run_sse stream of app ${run.appName} (request ${requestId}).`,
              error,
            );
            try {
              const frame = errorFrameBody(error, exposeMessages, requestId);
              stream.enqueue(encoder.encode(sseFrame(frame)));
            } catch {
              // The stream was cancelled meanwhile.
            }
          }
          closeQuietly(stream);
          await finish();
        }
      },
      async cancel() {
        cancelled.abort();
        try {
          await events.return(undefined);
        } catch {
          // The run was stopping with an abort error; nothing to report.
        }
        await finish();
      },
    });
    return new Response(body, {
      status: 200,
      headers: { ...SSE_HEADERS, 'x-request-id': requestId },
    });
  });
}

function closeQuietly(stream: ReadableStreamDefaultController<Uint8Array>): void {
  try {
    stream.close();
  } catch {
    // Already closed or cancelled.
  }
}
