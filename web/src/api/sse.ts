import { ApiError, errorDetail } from './api-error';
import type { RunAgentRequest, WireEvent } from './types';

/**
 * Splits a `text/event-stream` into the `data` payloads of its frames.
 * Frames end at a blank line (`\n\n`, `\r\n\r\n` or `\r\r`); a frame's
 * `data:` lines are joined with `\n` (one optional space after the colon
 * is dropped); comment lines (`:`) and other fields are ignored; frames
 * without data yield nothing. Chunks may split frames anywhere.
 */
export class SseFrameParser {
  private buffer = '';

  /** Adds a chunk and returns the payloads of the frames it completed. */
  push(chunk: string): string[] {
    this.buffer += chunk;
    const payloads: string[] = [];
    for (;;) {
      const match = /\r\n\r\n|\n\n|\r\r/.exec(this.buffer);
      if (!match) break;
      const frame = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const payload = frameData(frame);
      if (payload !== undefined) payloads.push(payload);
    }
    return payloads;
  }

  /** The payload of a last frame the stream ended without a blank line after, if any. */
  flush(): string[] {
    const rest = this.buffer;
    this.buffer = '';
    const payload = rest.trim() === '' ? undefined : frameData(rest);
    return payload === undefined ? [] : [payload];
  }
}

function frameData(frame: string): string | undefined {
  const data: string[] = [];
  for (const line of frame.split(/\r\n|\n|\r/)) {
    if (line === 'data') data.push('');
    else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
  }
  return data.length === 0 ? undefined : data.join('\n');
}

/** The error a run ended with, as its last `/run_sse` frame tells it. */
export interface RunErrorFrame {
  kind: 'error';
  /** The whole line, `<Type>: <message>`. */
  message: string;
  /** The message alone (`error_details.error_message`), when the frame has one. */
  detail?: string;
  /** The tool that threw (`error_details.tool_name`, this server's addition). */
  toolName?: string;
  /** The call the tool was running (`error_details.function_call_id`). */
  functionCallId?: string;
}

/** One decoded `/run_sse` frame: an event, or the error the run ended with. */
export type RunFrame = { kind: 'event'; event: WireEvent } | RunErrorFrame;

function errorFrame(record: Record<string, unknown>): RunErrorFrame {
  const frame: RunErrorFrame = { kind: 'error', message: String(record['error']) };
  const details = record['error_details'];
  if (!details || typeof details !== 'object' || Array.isArray(details)) return frame;
  const { error_message, tool_name, function_call_id } = details as Record<string, unknown>;
  if (typeof error_message === 'string') frame.detail = error_message;
  if (typeof tool_name === 'string') frame.toolName = tool_name;
  if (typeof function_call_id === 'string') frame.functionCallId = function_call_id;
  return frame;
}

/**
 * Decodes one frame payload: `{"error": …, "error_details": …}` (Python's
 * failure frame) is an error, with its message and the failed tool call
 * when the details name them; an object with an `id` and an `author` an
 * event; anything else (bad JSON included) is reported as an error frame
 * naming the problem.
 */
export function decodeRunFrame(payload: string): RunFrame {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return {
      kind: 'error',
      message: `The server sent a frame that is not JSON: ${payload.slice(0, 200)}`,
    };
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if ('error' in record) return errorFrame(record);
    if (typeof record['id'] === 'string' && typeof record['author'] === 'string') {
      return { kind: 'event', event: value as WireEvent };
    }
  }
  return {
    kind: 'error',
    message: `The server sent an unexpected frame: ${payload.slice(0, 200)}`,
  };
}

/**
 * Runs the agent through `POST /run_sse` and calls `onFrame` for every
 * frame as it arrives. Resolves when the stream ends; throws `ApiError`
 * when the server refuses the run (non-2xx), and rejects with an
 * `AbortError` when `signal` aborts (the server then stops the run).
 */
export async function runSse(
  request: RunAgentRequest,
  onFrame: (frame: RunFrame) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await fetch('/run_sse', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(request),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new ApiError(response.status, await errorDetail(response));
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseFrameParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const payload of parser.push(value)) onFrame(decodeRunFrame(payload));
    }
    for (const payload of parser.flush()) onFrame(decodeRunFrame(payload));
  } finally {
    reader.releaseLock();
  }
}
