import { AdkError, hasMarker } from './adk-error.js';

const name = 'InvocationNotResumableError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when a run asks to resume an invocation that cannot be resumed: the
 * app is not resumable, the session has no events, or no user message belongs
 * to the invocation. A workflow also fails a node with it when the user answers
 * a node that the node's own pending call ran (a NodeTool's) in an app that is
 * not resumable: only a resumable app runs that call again.
 */
export class InvocationNotResumableError extends AdkError {
  private readonly [marker] = true;
  /** The invocation that was asked for. */
  readonly invocationId: string;

  constructor({ invocationId, message }: { invocationId: string; message: string }) {
    super({ name, message });
    this.invocationId = invocationId;
  }

  static override isInstance(error: unknown): error is InvocationNotResumableError {
    return hasMarker(error, marker);
  }
}
