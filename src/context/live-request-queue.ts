import type { ActivityEnd, ActivityStart, Blob, Content } from '../types/index.js';

/**
 * One message from the client in a live session (Python `LiveRequest`):
 * content (text turns, function responses), a realtime blob (base64 audio,
 * video or image data with its MIME type), the start or end of the user's
 * activity, the end of the audio stream, or `close`. When several realtime
 * fields are set only the first of `activityStart`, `activityEnd`,
 * `audioStreamEnd`, `blob` is sent; `content` is sent besides, and
 * `stateDelta` is always applied.
 */
export interface LiveRequest {
  content?: Content;
  /** Realtime input: base64 data with its MIME type. */
  blob?: Blob;
  /** The user started speaking (manual activity detection). */
  activityStart?: ActivityStart;
  /** The user stopped speaking (manual activity detection). */
  activityEnd?: ActivityEnd;
  /**
   * The audio stream stopped (e.g. the microphone was turned off), so the
   * model should not wait for more of it: it flushes the audio it holds.
   * Meant for automatic activity detection; with manual detection send
   * `activityEnd`.
   */
  audioStreamEnd?: boolean;
  /** Ends the live session. */
  close?: boolean;
  /**
   * The content is one piece of a longer answer (a streaming tool's
   * result): it goes to the model but is not stored as a user event.
   */
  partial?: boolean;
  /**
   * State changes applied to the session when the live run reads the
   * request: on the `user` event that stores the content when there is one,
   * otherwise on an event of the `user` without content (stored, not yielded).
   */
  stateDelta?: Record<string, unknown>;
}

/**
 * The queue a client writes live input into and a live run reads from
 * (Python `LiveRequestQueue`). Reads wait until something is sent.
 */
export class LiveRequestQueue {
  private readonly buffered: LiveRequest[] = [];
  private readonly waiting: ((request: LiveRequest) => void)[] = [];
  private wasClosed = false;

  /**
   * Whether a `close` request was sent. It stays true once the request has
   * been read, so code that reconnects can tell the client has left.
   */
  get closed(): boolean {
    return this.wasClosed;
  }

  /** Queues a request, waking a waiting reader. */
  send(request: LiveRequest): void {
    if (request.close) this.wasClosed = true;
    const reader = this.waiting.shift();
    if (reader) reader(request);
    else this.buffered.push(request);
  }

  /** Queues a content message; `partial` marks one piece of a longer answer (see `LiveRequest.partial`). */
  sendContent(content: Content, partial = false): void {
    this.send(partial ? { content, partial } : { content });
  }

  /** Queues realtime input. */
  sendRealtime(blob: Blob): void {
    this.send({ blob });
  }

  /** Signals the start of user activity. */
  sendActivityStart(): void {
    this.send({ activityStart: {} });
  }

  /** Signals the end of user activity. */
  sendActivityEnd(): void {
    this.send({ activityEnd: {} });
  }

  /** Signals that the audio stream stopped, so the model flushes the audio it holds. */
  sendAudioStreamEnd(): void {
    this.send({ audioStreamEnd: true });
  }

  /** Asks the live run to close. */
  close(): void {
    this.send({ close: true });
  }

  /**
   * The next request, waiting for one when the queue is empty. When `signal`
   * fires first, the wait rejects with the signal's reason and leaves the
   * queue as it was, so a request sent later is not lost.
   */
  get(signal?: AbortSignal): Promise<LiveRequest> {
    const next = this.buffered.shift();
    if (next) return Promise.resolve(next);
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    return new Promise((resolve, reject) => {
      const reader = (request: LiveRequest): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve(request);
      };
      const onAbort = (): void => {
        const index = this.waiting.indexOf(reader);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal?.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(reader);
    });
  }
}
