import { AdkError, hasMarker } from './adk-error.js';

const name = 'ReplayVerificationError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown by the conformance replay (Python's `ReplayVerificationError`) when
 * the live run departs from the recording: an LLM request that differs from
 * the recorded one, a tool call with another name or other arguments, more
 * calls than were recorded, or a call where the recording has the other
 * kind. The message says which agent, which call and what differs.
 */
export class ReplayVerificationError extends AdkError {
  private readonly [marker] = true;
  /** The agent whose call did not match. */
  readonly agentName: string;

  constructor({ agentName, message }: { agentName: string; message: string }) {
    super({ name, message });
    this.agentName = agentName;
  }

  static override isInstance(error: unknown): error is ReplayVerificationError {
    return hasMarker(error, marker);
  }
}
