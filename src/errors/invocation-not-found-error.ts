import { hasMarker } from './adk-error.js';
import { InvalidArgumentError } from './invalid-argument-error.js';

const name = 'InvocationNotFoundError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown by `Runner.rewindAsync` when no event of the session belongs to the
 * invocation to rewind before (Python raises `ValueError` with the same
 * message, `Invocation ID not found: <id>`). Nothing is changed: no
 * artifact is saved and no event appended. It is an `InvalidArgumentError`
 * (argument `rewindBeforeInvocationId`), so the HTTP server answers 400.
 */
export class InvocationNotFoundError extends InvalidArgumentError {
  private readonly [marker] = true;
  /** The invocation id that no event of the session carries. */
  readonly invocationId: string;

  constructor({ invocationId }: { invocationId: string }) {
    super({
      message: `Invocation ID not found: ${invocationId}`,
      argument: 'rewindBeforeInvocationId',
    });
    this.name = name;
    this.invocationId = invocationId;
  }

  static override isInstance(error: unknown): error is InvocationNotFoundError {
    return hasMarker(error, marker);
  }
}
