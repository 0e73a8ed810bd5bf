import { AdkError, hasMarker } from './adk-error.js';

const name = 'ContextVariableNotFoundError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when an instruction template names a state key (`{key}`) or an
 * artifact (`{artifact.name}`) that does not exist; `{key?}` makes a key
 * optional. The message is Python's.
 */
export class ContextVariableNotFoundError extends AdkError {
  private readonly [marker] = true;
  /** The state key or artifact name. */
  readonly variable: string;

  constructor({ variable, message }: { variable: string; message?: string }) {
    super({ name, message: message ?? `Context variable not found: \`${variable}\`.` });
    this.variable = variable;
  }

  static override isInstance(error: unknown): error is ContextVariableNotFoundError {
    return hasMarker(error, marker);
  }
}
