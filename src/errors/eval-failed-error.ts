import { AdkError, hasMarker } from './adk-error.js';

const name = 'EvalFailedError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown by `AgentEvaluator` when an evaluated agent does not meet its
 * criteria (Python asserts): `failures` has one line per metric below its
 * threshold or not evaluated, and per case whose runs failed without a
 * score; the message lists them all.
 */
export class EvalFailedError extends AdkError {
  private readonly [marker] = true;
  /** One description per failure, as the message lists them. */
  readonly failures: readonly string[];

  constructor({ failures, message }: { failures: readonly string[]; message: string }) {
    super({ name, message });
    this.failures = [...failures];
  }

  static override isInstance(error: unknown): error is EvalFailedError {
    return hasMarker(error, marker);
  }
}
