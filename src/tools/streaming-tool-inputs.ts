import type { LiveRequestQueue } from '../context/live-request-queue.js';

/**
 * The third argument of a FunctionTool's `execute`, for streaming tools in a
 * live run: `inputStream` is the tool's own LiveRequestQueue, into which the
 * client's live requests (audio, video frames, text, `close`) are copied
 * while the tool runs, set when the tool was built with `inputStream: true`
 * (Python's reserved `input_stream: LiveRequestQueue` parameter);
 * `abortSignal` fires when the tool is cancelled (`stop_streaming`, a
 * barge-in on the turn that started it, the end of the live run), so a tool
 * waiting on something other than its own `yield` can stop at once. For a
 * call that is not a streaming run the stream is undefined and the signal
 * never fires.
 */
export interface StreamingToolInputs {
  inputStream: LiveRequestQueue | undefined;
  abortSignal: AbortSignal;
}

/** The inputs of a call that is not a streaming run: no stream, a signal that never fires. */
export const NOT_STREAMING: StreamingToolInputs = Object.freeze({
  inputStream: undefined,
  abortSignal: new AbortController().signal,
});

/**
 * Whether `fn` is an `async function*` (or an `async *method`): its
 * constructor's `Symbol.toStringTag` is `AsyncGeneratorFunction`. A function
 * that only returns an async iterable, or one compiled down to an older
 * target, is not recognised; such tools set `streaming: true` explicitly.
 */
export function isAsyncGeneratorFunction(fn: unknown): boolean {
  return (
    typeof fn === 'function' &&
    Object.prototype.toString.call(fn) === '[object AsyncGeneratorFunction]'
  );
}
