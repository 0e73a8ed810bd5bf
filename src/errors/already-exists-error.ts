import { AdkError, hasMarker } from './adk-error.js';

const name = 'AlreadyExistsError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/** Thrown when creating something (a session) whose id is already taken; HTTP maps it to 409. */
export class AlreadyExistsError extends AdkError {
  private readonly [marker] = true;

  constructor({ message, cause }: { message: string; cause?: unknown }) {
    super({ name, message, cause });
  }

  static override isInstance(error: unknown): error is AlreadyExistsError {
    return hasMarker(error, marker);
  }
}
