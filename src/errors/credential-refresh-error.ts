import { AdkError, hasMarker } from './adk-error.js';

const name = 'CredentialRefreshError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when refreshing an OAuth2 access token fails for a reason other than
 * a refused refresh token (`invalid_grant`, after which the user is asked
 * again): the token endpoint could not be reached, refused the client, or
 * answered something that is not a token response. `cause` is the
 * underlying error.
 */
export class CredentialRefreshError extends AdkError {
  private readonly [marker] = true;
  /** The RFC 6749 error code of the token endpoint's answer, when it gave one. */
  readonly oauthError: string | undefined;
  /** The token endpoint's `error_description`, when it gave one. */
  readonly oauthErrorDescription: string | undefined;
  /** The HTTP status of the token endpoint's answer, when there was one. */
  readonly status: number | undefined;

  constructor({
    message,
    oauthError,
    oauthErrorDescription,
    status,
    cause,
  }: {
    message: string;
    oauthError?: string | undefined;
    oauthErrorDescription?: string | undefined;
    status?: number | undefined;
    cause?: unknown;
  }) {
    super({ name, message, cause });
    this.oauthError = oauthError;
    this.oauthErrorDescription = oauthErrorDescription;
    this.status = status;
  }

  static override isInstance(error: unknown): error is CredentialRefreshError {
    return hasMarker(error, marker);
  }
}
