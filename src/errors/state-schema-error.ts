import { AdkError, hasMarker } from './adk-error.js';

const name = 'StateSchemaError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when a state write breaks the `stateSchema` in force (Python
 * `StateSchemaError`): the key is not declared in the schema, or its value
 * does not fit the key's schema. It names the key; the schema library's own
 * error, when there is one, is the `cause`.
 */
export class StateSchemaError extends AdkError {
  private readonly [marker] = true;
  /** The state key whose write was rejected. */
  readonly key: string;

  constructor({ key, message, cause }: { key: string; message: string; cause?: unknown }) {
    super({ name, message, cause });
    this.key = key;
  }

  static override isInstance(error: unknown): error is StateSchemaError {
    return hasMarker(error, marker);
  }
}
