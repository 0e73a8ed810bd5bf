import { AdkError, hasMarker } from './adk-error.js';

const name = 'ScriptedResponsesExhaustedError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/** Thrown by the scripted test model when it is called more times than it has responses. */
export class ScriptedResponsesExhaustedError extends AdkError {
  private readonly [marker] = true;
  /** The 0-based index of the call that had no response. */
  readonly callIndex: number;

  constructor({ callIndex }: { callIndex: number }) {
    super({
      name,
      message: `The scripted model was called ${callIndex + 1} times but has only ${callIndex} scripted responses.`,
    });
    this.callIndex = callIndex;
  }

  static override isInstance(error: unknown): error is ScriptedResponsesExhaustedError {
    return hasMarker(error, marker);
  }
}
