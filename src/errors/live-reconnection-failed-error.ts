import { AdkError, hasMarker } from './adk-error.js';

const name = 'LiveReconnectionFailedError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/** Options of a LiveReconnectionFailedError. */
export interface LiveReconnectionFailedErrorOptions {
  /** The agent whose live session was lost. */
  agentName: string;
  /** How many reconnection attempts failed in a row. */
  attempts: number;
  /** The failure of the last attempt. */
  cause: unknown;
}

/**
 * Thrown by a live run that lost its model session and could not resume it
 * with its session resumption handle within the allowed attempts (Python
 * re-raises the last connection error after `DEFAULT_MAX_RECONNECT_ATTEMPTS`).
 * `cause` is the last attempt's failure.
 */
export class LiveReconnectionFailedError extends AdkError {
  private readonly [marker] = true;
  /** The agent whose live session was lost. */
  readonly agentName: string;
  /** How many reconnection attempts failed in a row. */
  readonly attempts: number;

  constructor({ agentName, attempts, cause }: LiveReconnectionFailedErrorOptions) {
    super({
      name,
      message: `The live session of agent "${agentName}" was lost and could not be resumed after ${attempts} attempts.`,
      cause,
    });
    this.agentName = agentName;
    this.attempts = attempts;
  }

  static override isInstance(error: unknown): error is LiveReconnectionFailedError {
    return hasMarker(error, marker);
  }
}
