import { AdkError, hasMarker } from './adk-error.js';

const name = 'NotSupportedError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/** Thrown when a component is asked for something it does not offer (e.g. live mode on a model without it). */
export class NotSupportedError extends AdkError {
  private readonly [marker] = true;

  constructor({ message }: { message: string }) {
    super({ name, message });
  }

  static override isInstance(error: unknown): error is NotSupportedError {
    return hasMarker(error, marker);
  }
}
