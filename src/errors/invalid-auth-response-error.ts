import { AdkError, hasMarker } from './adk-error.js';

const name = 'InvalidAuthResponseError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when the client's answer to an `adk_request_credential` call cannot
 * be used: it answers a call this session never made, or it carries no
 * credential in any accepted shape (an `AuthConfig`, an `AuthCredential`, or
 * a bare API key).
 */
export class InvalidAuthResponseError extends AdkError {
  private readonly [marker] = true;
  /** The id of the `adk_request_credential` call the answer refers to. */
  readonly functionCallId: string | undefined;

  constructor({
    message,
    functionCallId,
    cause,
  }: {
    message: string;
    functionCallId?: string;
    cause?: unknown;
  }) {
    super({ name, message, cause });
    this.functionCallId = functionCallId;
  }

  static override isInstance(error: unknown): error is InvalidAuthResponseError {
    return hasMarker(error, marker);
  }
}
