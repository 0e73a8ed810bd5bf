import { AdkError, hasMarker } from './adk-error.js';

const name = 'DynamicNodeFailError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown by `ctx.runNode` when the child node failed (after its retries)
 * (Python `DynamicNodeFailError`). The node that called `runNode` then fails
 * with the child's own error, which the workflow raises; it is not retried
 * and gets no error event of its own, the child having had one.
 */
export class DynamicNodeFailError extends AdkError {
  private readonly [marker] = true;
  /** The child's error. */
  readonly error: unknown;
  /** The path of the node that failed, `wf@1/a@1/child@1`. */
  readonly errorNodePath: string;

  constructor({ error, errorNodePath }: { error: unknown; errorNodePath: string }) {
    super({
      name,
      message: `Dynamic node '${errorNodePath}' failed: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
    this.error = error;
    this.errorNodePath = errorNodePath;
  }

  static override isInstance(error: unknown): error is DynamicNodeFailError {
    return hasMarker(error, marker);
  }
}
