import { hasMarker } from './adk-error.js';
import { TokenEndpointError, type TokenEndpointErrorOptions } from './token-endpoint-error.js';

const name = 'CredentialRefreshError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when refreshing an OAuth2 access token fails for a reason other than
 * a refused refresh token (`invalid_grant`, after which the user is asked
 * again): the token endpoint could not be reached, refused the client, or
 * answered something that is not a token response. `cause` is the
 * underlying error.
 */
export class CredentialRefreshError extends TokenEndpointError {
  private readonly [marker] = true;

  constructor(options: TokenEndpointErrorOptions) {
    super(name, options);
  }

  static override isInstance(error: unknown): error is CredentialRefreshError {
    return hasMarker(error, marker);
  }
}
