import { AdkError, hasMarker } from './adk-error.js';

const name = 'InvalidArgumentError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when a caller passes arguments that cannot work: a Runner with
 * neither an app nor an agent, a run with neither a message nor an
 * invocation id, a message without parts, an invalid event.
 */
export class InvalidArgumentError extends AdkError {
  private readonly [marker] = true;
  /** The argument at fault, when one can be named. */
  readonly argument: string | undefined;

  constructor({
    message,
    argument,
    cause,
  }: {
    message: string;
    argument?: string;
    cause?: unknown;
  }) {
    super({ name, message, cause });
    this.argument = argument;
  }

  static override isInstance(error: unknown): error is InvalidArgumentError {
    return hasMarker(error, marker);
  }
}
