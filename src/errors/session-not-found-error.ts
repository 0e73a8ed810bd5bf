import { AdkError, hasMarker } from './adk-error.js';

const name = 'SessionNotFoundError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/** Thrown when a session that must exist does not (Python: `SessionNotFoundError`). */
export class SessionNotFoundError extends AdkError {
  private readonly [marker] = true;
  /** The id of the missing session. */
  readonly sessionId: string;

  constructor({ sessionId, message }: { sessionId: string; message?: string }) {
    super({ name, message: message ?? `Session not found: ${sessionId}` });
    this.sessionId = sessionId;
  }

  static override isInstance(error: unknown): error is SessionNotFoundError {
    return hasMarker(error, marker);
  }
}
