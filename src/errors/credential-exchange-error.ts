import { AdkError, hasMarker } from './adk-error.js';

const name = 'CredentialExchangeError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when exchanging a credential for tokens fails: the token endpoint
 * refused the authorization code or the client (`oauthError` is its RFC 6749
 * error code, e.g. `invalid_grant`), could not be reached, or the scheme names
 * no endpoint to exchange at. `cause` is the underlying error.
 */
export class CredentialExchangeError extends AdkError {
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

  static override isInstance(error: unknown): error is CredentialExchangeError {
    return hasMarker(error, marker);
  }
}
