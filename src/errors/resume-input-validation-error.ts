import { AdkError, hasMarker } from './adk-error.js';

const name = 'ResumeInputValidationError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when a workflow resumes and the user's answer to an
 * `adk_request_input` call does not fit the call's `response_schema` (Python
 * raises `ValueError('Validation failed for interrupt <id>: …')` from its
 * rehydration scan). The resumed workflow fails with it.
 */
export class ResumeInputValidationError extends AdkError {
  private readonly [marker] = true;
  /** The interrupt whose answer was rejected. */
  readonly interruptId: string;

  constructor({ interruptId, reason }: { interruptId: string; reason: string }) {
    super({ name, message: `Validation failed for interrupt ${interruptId}: ${reason}` });
    this.interruptId = interruptId;
  }

  static override isInstance(error: unknown): error is ResumeInputValidationError {
    return hasMarker(error, marker);
  }
}
