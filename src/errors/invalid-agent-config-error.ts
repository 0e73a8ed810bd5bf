import { AdkError, hasMarker } from './adk-error.js';

const name = 'InvalidAgentConfigError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when an agent or app is defined wrongly: an invalid name, duplicate
 * sub-agent names, an agent given two parents, an unknown field in `clone`.
 */
export class InvalidAgentConfigError extends AdkError {
  private readonly [marker] = true;

  constructor({ message, cause }: { message: string; cause?: unknown }) {
    super({ name, message, cause });
  }

  static override isInstance(error: unknown): error is InvalidAgentConfigError {
    return hasMarker(error, marker);
  }
}
