import { hasMarker } from './adk-error.js';
import { ModelApiError } from './model-api-error.js';

const name = 'LiveConnectionClosedError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/** Options of a LiveConnectionClosedError. */
export interface LiveConnectionClosedErrorOptions {
  /** The provider family of the live session (`gemini`). */
  provider: string;
  /** The model of the live session. */
  model: string;
  /** The WebSocket close code (1006 when the socket ended without a close frame). */
  closeCode: number;
  /** The close reason the server gave, if any. */
  reason?: string;
  /** True when the socket closed before the session's setup completed. */
  beforeSetup?: boolean;
}

/**
 * A live model session whose socket the server (or the network) closed
 * without the client asking: a dropped connection, a session the server
 * ended, a setup the server refused. It is a `ModelApiError` with code
 * `live_connection_closed`, so it reaches `onModelError` callbacks as any
 * model failure; `closeCode` lets the live flow tell a recoverable drop
 * (1000, 1006, 1011: it resumes the session when it holds a resumption
 * handle) from a refusal.
 */
export class LiveConnectionClosedError extends ModelApiError {
  private readonly [marker] = true;
  /** The WebSocket close code. */
  readonly closeCode: number;
  /** The close reason, empty when the server gave none. */
  readonly reason: string;

  constructor({
    provider,
    model,
    closeCode,
    reason = '',
    beforeSetup = false,
  }: LiveConnectionClosedErrorOptions) {
    const when = beforeSetup ? ' before its setup completed' : '';
    super({
      provider,
      model,
      code: 'live_connection_closed',
      message: `The live connection closed${when} (code ${closeCode}${reason ? `: ${reason}` : ''}).`,
    });
    this.name = name;
    this.closeCode = closeCode;
    this.reason = reason;
  }

  static override isInstance(error: unknown): error is LiveConnectionClosedError {
    return hasMarker(error, marker);
  }
}
