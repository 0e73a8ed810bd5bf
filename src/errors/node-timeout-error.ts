import { AdkError, hasMarker } from './adk-error.js';

const name = 'NodeTimeoutError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when a workflow node runs longer than its `timeout` (Python
 * `NodeTimeoutError`). It is an ordinary error, so a node's `retryConfig`
 * retries it like any other failure. The message is Python's.
 */
export class NodeTimeoutError extends AdkError {
  private readonly [marker] = true;
  /** The node that timed out. */
  readonly nodeName: string;
  /** The limit that was exceeded, in seconds. */
  readonly timeout: number;

  constructor({ nodeName, timeout }: { nodeName: string; timeout: number }) {
    super({
      name,
      message: `Node '${nodeName}' timed out after ${formatSeconds(timeout)} seconds.`,
    });
    this.nodeName = nodeName;
    this.timeout = timeout;
  }

  static override isInstance(error: unknown): error is NodeTimeoutError {
    return hasMarker(error, marker);
  }
}

// Python formats the float timeout, so 5 reads `5.0`.
function formatSeconds(seconds: number): string {
  return Number.isInteger(seconds) ? seconds.toFixed(1) : String(seconds);
}
