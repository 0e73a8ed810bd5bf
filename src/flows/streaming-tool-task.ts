import type { Context } from '../context/context.js';
import type { LiveRequestQueue } from '../context/live-request-queue.js';
import type { FunctionTool, FunctionToolParameters } from '../tools/function-tool.js';
import type { StreamingToolInputs } from '../tools/streaming-tool-inputs.js';
import type { Content } from '../types/index.js';
import { logger } from '../utils/logger.js';
import { asResponseObject } from './functions.js';

/** What a streaming tool's background task runs with. */
export interface StreamingToolTaskRequest {
  tool: FunctionTool<FunctionToolParameters>;
  args: Record<string, unknown>;
  /** The tool context of the call that started the tool (its id answers that call). */
  context: Context;
  /** The tool's input stream and cancellation signal. */
  inputs: StreamingToolInputs;
  /** Where the results go: the live run's queue, read by the sender to the model. */
  queue: LiveRequestQueue;
  /** The function starts once this settles: after the call's own answer has gone to the model. */
  startAfter: Promise<void>;
}

// Tasks that have settled, so a stop can tell a finished tool from a running one.
const finishedTasks = new WeakSet<Promise<void>>();

/** Whether `task` (one `runStreamingToolTask` returned) has settled. */
export function isTaskFinished(task: Promise<void>): boolean {
  return finishedTasks.has(task);
}

/**
 * Runs a streaming tool in the background of a live session (Python's
 * `run_tool_and_update_queue`): once `startAfter` settles, starts the
 * function, and sends each value it yields to the model as a partial
 * function response to the call that started it (`{role: 'user', parts:
 * [{functionResponse: {name, id, response}}]}`, a non-object value wrapped
 * as `{result: …}`) through the live run's queue. A function that answers
 * with one value instead of a stream (an argument error, a confirmation
 * request) has that value sent as a final response; a failure is reported to the model as Python words it,
 * without the error's text. When `inputs.abortSignal` fires, nothing more
 * is sent and the function's iterator is closed (`return()`), which runs
 * its `finally` blocks at its current `yield`, or as soon as an await that
 * honours the signal gives up. The returned task never rejects.
 */
export function runStreamingToolTask(request: StreamingToolTaskRequest): Promise<void> {
  const task = pump(request).finally(() => finishedTasks.add(task));
  return task;
}

async function pump({
  tool,
  args,
  context,
  inputs,
  queue,
  startAfter,
}: StreamingToolTaskRequest): Promise<void> {
  const signal = inputs.abortSignal;
  await startAfter;
  if (signal.aborted) return;
  const send = (result: unknown, partial: boolean): void => {
    if (!signal.aborted) queue.sendContent(responseContent(tool.name, result, context), partial);
  };
  let iterator: AsyncIterator<unknown> | undefined;
  try {
    const started = await tool.startStreaming({ args, context, inputs });
    if ('result' in started) {
      send(started.result, false);
      return;
    }
    iterator = started.stream;
    const aborted = abortedPromise(signal);
    for (;;) {
      const next = iterator.next();
      // A pending next() left behind by a cancellation may still reject: that is the tool stopping.
      next.catch(() => undefined);
      const step = await Promise.race([next, aborted]);
      if (step === ABORTED || step.done === true) break;
      send(step.value, true);
    }
  } catch (error) {
    if (!signal.aborted) logger.error(`Error executing streaming tool ${tool.name}.`, error);
    send({ error: `Invoking \`${tool.name}()\` failed with an internal error.` }, false);
  } finally {
    if (signal.aborted && iterator?.return) await iterator.return().catch(() => undefined);
  }
}

const ABORTED = Symbol('aborted');

function abortedPromise(signal: AbortSignal): Promise<typeof ABORTED> {
  if (signal.aborted) return Promise.resolve(ABORTED);
  return new Promise((resolve) =>
    signal.addEventListener('abort', () => resolve(ABORTED), { once: true }),
  );
}

function responseContent(name: string, result: unknown, context: Context): Content {
  return {
    role: 'user',
    parts: [
      {
        functionResponse: {
          name,
          response: asResponseObject(result),
          ...(context.functionCallId === undefined ? {} : { id: context.functionCallId }),
        },
      },
    ],
  };
}
