import { AdkError, hasMarker } from './adk-error.js';

const name = 'UserSimulatorError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when an eval's user simulator cannot produce the next user message
 * for a reason other than the conversation ending: its model answered with an
 * error code, only thoughts or nothing, or a simulator reported success
 * without a message. The inference of that eval case fails; the others go on.
 */
export class UserSimulatorError extends AdkError {
  private readonly [marker] = true;

  constructor({ message, cause }: { message: string; cause?: unknown }) {
    super({ name, message, cause });
  }

  static override isInstance(error: unknown): error is UserSimulatorError {
    return hasMarker(error, marker);
  }
}
