import { hasMarker } from './adk-error.js';
import { NotSupportedError } from './not-supported-error.js';

const name = 'UnsupportedModelError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when a tool cannot be used with the request's model (Python raises
 * `ValueError` with the same message): a Gemini built-in tool such as
 * `google_search` or `url_context` on a non-Gemini or Gemini 1.x model, or a
 * Gemini 1.x built-in combined with other tools. It is also a
 * `NotSupportedError`.
 */
export class UnsupportedModelError extends NotSupportedError {
  private readonly [marker] = true;
  /** The tool that cannot be used. */
  readonly toolName: string;
  /** The model it was asked to run with (undefined when the request names none). */
  readonly model: string | undefined;

  constructor({
    toolName,
    model,
    message,
  }: {
    toolName: string;
    model: string | undefined;
    message: string;
  }) {
    super({ message });
    this.name = name;
    this.toolName = toolName;
    this.model = model;
  }

  static override isInstance(error: unknown): error is UnsupportedModelError {
    return hasMarker(error, marker);
  }
}
