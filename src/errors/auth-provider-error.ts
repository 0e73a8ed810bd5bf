import { AdkError, hasMarker } from './adk-error.js';

const name = 'AuthProviderError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when a registered auth provider fails while resolving a tool's
 * credential; `cause` is what the provider threw. A provider that merely
 * has no credential returns undefined instead, and the user is asked.
 */
export class AuthProviderError extends AdkError {
  private readonly [marker] = true;
  /** The scheme type the provider was consulted for (`apiKey`, `oauth2`, …). */
  readonly schemeType: string;
  /** The credential key of the config it was asked for. */
  readonly credentialKey: string | undefined;

  constructor({
    message,
    schemeType,
    credentialKey,
    cause,
  }: {
    message: string;
    schemeType: string;
    credentialKey?: string;
    cause?: unknown;
  }) {
    super({ name, message, cause });
    this.schemeType = schemeType;
    this.credentialKey = credentialKey;
  }

  static override isInstance(error: unknown): error is AuthProviderError {
    return hasMarker(error, marker);
  }
}
