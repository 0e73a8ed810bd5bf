import { AdkError, hasMarker } from './adk-error.js';

const name = 'ModelNotFoundError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown by `LLMRegistry` when no registered model class matches a model name.
 * The message starts as Python's `ValueError('Model {model} not found.')`;
 * `LLMRegistry` adds the closest registered name and the supported names.
 */
export class ModelNotFoundError extends AdkError {
  private readonly [marker] = true;
  /** The model name that matched no registered pattern. */
  readonly model: string;
  /** The registered model name `model` most likely meant, when one is close. */
  readonly suggestion: string | undefined;

  constructor({
    model,
    message,
    suggestion,
  }: {
    model: string;
    message?: string;
    suggestion?: string;
  }) {
    super({ name, message: message ?? `Model ${model} not found.` });
    this.model = model;
    this.suggestion = suggestion;
  }

  static override isInstance(error: unknown): error is ModelNotFoundError {
    return hasMarker(error, marker);
  }
}
