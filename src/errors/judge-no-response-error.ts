import { AdkError, hasMarker } from './adk-error.js';

const name = 'JudgeNoResponseError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when an LLM judge's model call ends without yielding a response
 * (Python's "LLM evaluation failed: no response received from judge
 * model"). The judge metrics catch it and leave that invocation not
 * evaluated, as the reference does with any failed sample.
 */
export class JudgeNoResponseError extends AdkError {
  private readonly [marker] = true;
  /** The judge model's name. */
  readonly model: string;

  constructor({ model }: { model: string }) {
    super({
      name,
      message: `LLM evaluation failed: no response received from judge model ${model}`,
    });
    this.model = model;
  }

  static override isInstance(error: unknown): error is JudgeNoResponseError {
    return hasMarker(error, marker);
  }
}
