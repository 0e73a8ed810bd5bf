import { AdkError, hasMarker } from './adk-error.js';

const name = 'NodeInterruptedError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown by `ctx.runNode(…, { raiseOnWait: true })` when the child stopped
 * to wait for human input (Python `NodeInterruptedError`). The node runner
 * catches it: the calling node ends WAITING on the child's interrupts, not
 * failed. User code must let it through.
 */
export class NodeInterruptedError extends AdkError {
  private readonly [marker] = true;
  /** The interrupt ids the child is waiting on. */
  readonly interruptIds: readonly string[];
  /** The path of the child that is waiting. */
  readonly nodePath: string;

  constructor({ interruptIds, nodePath }: { interruptIds: readonly string[]; nodePath: string }) {
    super({
      name,
      message: `Node '${nodePath}' is waiting for input (${interruptIds.join(', ')}).`,
    });
    this.interruptIds = [...interruptIds];
    this.nodePath = nodePath;
  }

  static override isInstance(error: unknown): error is NodeInterruptedError {
    return hasMarker(error, marker);
  }
}
