import { AdkError, hasMarker } from './adk-error.js';

const name = 'ModelNotFoundError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown by `LLMRegistry` when no registered model class matches a model name
 * (Python raises `ValueError('Model {model} not found.')`; the message is the same).
 */
export class ModelNotFoundError extends AdkError {
  private readonly [marker] = true;
  /** The model name that matched no registered pattern. */
  readonly model: string;

  constructor({ model, message }: { model: string; message?: string }) {
    super({ name, message: message ?? `Model ${model} not found.` });
    this.model = model;
  }

  static override isInstance(error: unknown): error is ModelNotFoundError {
    return hasMarker(error, marker);
  }
}
