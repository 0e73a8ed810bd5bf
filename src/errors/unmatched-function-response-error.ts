import { AdkError, hasMarker } from './adk-error.js';

const name = 'UnmatchedFunctionResponseError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown while the model's history is built (spec 000 §4.1 step 6) when a
 * function response cannot be paired with the call it answers: no earlier
 * event made the call, or the latest response event answers calls made by
 * different events. The session holds a response the model never asked for,
 * usually a client that sent a wrong function-call id.
 */
export class UnmatchedFunctionResponseError extends AdkError {
  private readonly [marker] = true;
  /** The ids of the responses that could not be paired (an id may be undefined). */
  readonly functionResponseIds: readonly (string | undefined)[];
  /** The ids of the calls of the event the responses were matched against, when one was found. */
  readonly functionCallIds: readonly (string | undefined)[] | undefined;

  constructor({
    message,
    functionResponseIds,
    functionCallIds,
  }: {
    message: string;
    functionResponseIds: readonly (string | undefined)[];
    functionCallIds?: readonly (string | undefined)[];
  }) {
    super({ name, message });
    this.functionResponseIds = functionResponseIds;
    this.functionCallIds = functionCallIds;
  }

  static override isInstance(error: unknown): error is UnmatchedFunctionResponseError {
    return hasMarker(error, marker);
  }
}
