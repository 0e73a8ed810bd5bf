import { AdkError, hasMarker } from './adk-error.js';

const name = 'ToolFailureError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when a tool failure that is not an `Error` (an error object found
 * in a tool's result) must be raised, as ReflectAndRetryToolPlugin does once
 * the retries are used up (Python raises `Exception(str(error))`). The
 * message is Python's `str` of the failure; `failure` holds it as it was.
 */
export class ToolFailureError extends AdkError {
  private readonly [marker] = true;
  /** The tool that failed. */
  readonly toolName: string;
  /** The failure as the tool (or the error extractor) reported it. */
  readonly failure: unknown;

  constructor({
    toolName,
    failure,
    message,
  }: {
    toolName: string;
    failure: unknown;
    message: string;
  }) {
    super({ name, message });
    this.toolName = toolName;
    this.failure = failure;
  }

  static override isInstance(error: unknown): error is ToolFailureError {
    return hasMarker(error, marker);
  }
}
