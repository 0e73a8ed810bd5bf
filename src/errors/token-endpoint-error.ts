import { AdkError } from './adk-error.js';

/** Options of the errors an OAuth2 token request's failure becomes. */
export interface TokenEndpointErrorOptions {
  message: string;
  /** The RFC 6749 error code of the token endpoint's answer, when it gave one. */
  oauthError?: string | undefined;
  /** The token endpoint's `error_description`, when it gave one. */
  oauthErrorDescription?: string | undefined;
  /** The HTTP status of the token endpoint's answer, when there was one. */
  status?: number | undefined;
  cause?: unknown;
}

/**
 * What an OAuth2 token endpoint answered when a token request failed: the
 * fields `CredentialExchangeError` and `CredentialRefreshError` share. It is
 * never thrown itself; check for those two with their `isInstance`.
 */
export abstract class TokenEndpointError extends AdkError {
  /** The RFC 6749 error code of the token endpoint's answer, when it gave one. */
  readonly oauthError: string | undefined;
  /** The token endpoint's `error_description`, when it gave one. */
  readonly oauthErrorDescription: string | undefined;
  /** The HTTP status of the token endpoint's answer, when there was one. */
  readonly status: number | undefined;

  protected constructor(
    name: string,
    { message, oauthError, oauthErrorDescription, status, cause }: TokenEndpointErrorOptions,
  ) {
    super({ name, message, cause });
    this.oauthError = oauthError;
    this.oauthErrorDescription = oauthErrorDescription;
    this.status = status;
  }
}
