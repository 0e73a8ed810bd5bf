import { AdkError, hasMarker } from './adk-error.js';

const name = 'AgentCardResolutionError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown by `RemoteA2aAgent` when it cannot get a usable agent card (Python
 * `AgentCardResolutionError`): the card URL is malformed, unreachable or
 * answers an HTTP error or something that is not JSON, the card file is
 * missing or not JSON, or the card names no interface URL to call. `cause`
 * holds the underlying error.
 */
export class AgentCardResolutionError extends AdkError {
  private readonly [marker] = true;

  constructor({ message, cause }: { message: string; cause?: unknown }) {
    super({ name, message, cause });
  }

  static override isInstance(error: unknown): error is AgentCardResolutionError {
    return hasMarker(error, marker);
  }
}
