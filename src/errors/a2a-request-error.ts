import { AdkError, hasMarker } from './adk-error.js';

const name = 'A2aRequestError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown by `RemoteA2aAgent` when a call to the remote agent fails: the
 * connection is refused or times out, the server answers an HTTP error or a
 * body that is not a valid A2A response, or it answers a JSON-RPC error.
 * The message starts as Python's error event does (`A2A request failed: …`);
 * `reason` is the protocol's error reason (`TASK_NOT_FOUND`, …) and `code`
 * the JSON-RPC error code when the server answered a protocol error;
 * `cause` holds the underlying error.
 */
export class A2aRequestError extends AdkError {
  private readonly [marker] = true;
  /** The JSON-RPC error code the remote agent answered, when it answered one. */
  readonly code: number | undefined;
  /** The A2A error reason the remote agent answered (`TASK_NOT_FOUND`, …), when it answered one. */
  readonly reason: string | undefined;

  constructor({
    message,
    code,
    reason,
    cause,
  }: {
    message: string;
    code?: number;
    reason?: string;
    cause?: unknown;
  }) {
    super({ name, message, cause });
    this.code = code;
    this.reason = reason;
  }

  static override isInstance(error: unknown): error is A2aRequestError {
    return hasMarker(error, marker);
  }
}
