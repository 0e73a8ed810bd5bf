import { decodeRunFrame, type RunFrame } from '../api/sse';
import type { WireContent } from '../api/types';
import { LiveClosedError } from './live-closed-error';
import { bytesToBase64, INPUT_MIME_TYPE } from './pcm';
import { liveUrl, type LiveTarget } from './live-url';

/** How a live connection ended. */
export interface LiveClose {
  code: number;
  reason: string;
  /** True when the client closed it, or the server closed it normally (1000). */
  normal: boolean;
}

/** What a live connection reports. */
export interface LiveConnectionHandlers {
  /** Each message the server sends: an event, or an error frame. */
  onFrame: (frame: RunFrame) => void;
  /** Once, when the socket is closed (by either side, or failing to open). */
  onClose: (close: LiveClose) => void;
}

/**
 * One `/run_live` WebSocket: sends `LiveRequest` JSON frames (the
 * reference client's shape: `{"blob": {"mime_type", "data"}}` for audio,
 * `{"content": …}` for text, `{"close": true}` to end) and decodes the
 * event JSON the server sends.
 */
export class LiveConnection {
  /** Resolves when the socket is open; rejects with LiveClosedError when it closes first. */
  readonly opened: Promise<void>;
  private readonly socket: WebSocket;
  private closedByClient = false;

  /** Opens the socket at once (see `opened`). */
  constructor(target: LiveTarget, handlers: LiveConnectionHandlers) {
    this.socket = new WebSocket(liveUrl(window.location, target));
    this.opened = new Promise((resolve, reject) => {
      this.socket.addEventListener('open', () => resolve(), { once: true });
      this.socket.addEventListener(
        'close',
        (event) =>
          reject(
            new LiveClosedError(event.code, event.reason, closeText(event.code, event.reason)),
          ),
        { once: true },
      );
    });
    // Nobody need await `opened` to learn of a failure: onClose reports it too.
    this.opened.catch(() => {});
    this.socket.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (typeof event.data === 'string') handlers.onFrame(decodeRunFrame(event.data));
    });
    this.socket.addEventListener('close', (event) => {
      handlers.onClose({
        code: event.code,
        reason: event.reason,
        normal: this.closedByClient || event.code === 1000,
      });
    });
  }

  /** Sends one chunk of 16 kHz 16-bit PCM; dropped unless the socket is open. */
  sendAudio(pcm: Uint8Array): void {
    this.send({ blob: { mime_type: INPUT_MIME_TYPE, data: bytesToBase64(pcm) } });
  }

  /** Sends a user message. */
  sendContent(content: WireContent): void {
    this.send({ content });
  }

  /** Asks the server to end the session, then closes the socket. */
  close(): void {
    if (this.closedByClient) return;
    this.closedByClient = true;
    this.send({ close: true });
    this.socket.close(1000, 'Live mode stopped');
  }

  private send(request: Record<string, unknown>): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(request));
  }
}

/** A readable line for a close code (the reason when the server gave one). */
export function closeText(code: number, reason: string): string {
  if (reason) return `The live connection closed: ${reason} (code ${code}).`;
  if (code === 1006) return 'The live connection was lost or refused (code 1006).';
  return `The live connection closed (code ${code}).`;
}
