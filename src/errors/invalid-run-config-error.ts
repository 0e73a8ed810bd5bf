import { AdkError, hasMarker } from './adk-error.js';

const name = 'InvalidRunConfigError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when a `RunConfig` cannot work: a field of the wrong type or out of
 * range (as Python's `RunConfig` validators reject it), or, for a live run,
 * a setting the agent's model cannot honour (e.g. audio answers from a
 * model that only answers in text). `field` names the setting at fault.
 */
export class InvalidRunConfigError extends AdkError {
  private readonly [marker] = true;
  /** The RunConfig field at fault, camelCased (e.g. `responseModalities`). */
  readonly field: string;

  constructor({ message, field }: { message: string; field: string }) {
    super({ name, message });
    this.field = field;
  }

  static override isInstance(error: unknown): error is InvalidRunConfigError {
    return hasMarker(error, marker);
  }
}
