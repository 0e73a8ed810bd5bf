import { hasMarker } from './adk-error.js';
import { TokenEndpointError, type TokenEndpointErrorOptions } from './token-endpoint-error.js';

const name = 'CredentialExchangeError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when exchanging a credential for tokens fails: the token endpoint
 * refused the authorization code or the client (`oauthError` is its RFC 6749
 * error code, e.g. `invalid_grant`), could not be reached, or the scheme names
 * no endpoint to exchange at. `cause` is the underlying error.
 */
export class CredentialExchangeError extends TokenEndpointError {
  private readonly [marker] = true;

  constructor(options: TokenEndpointErrorOptions) {
    super(name, options);
  }

  static override isInstance(error: unknown): error is CredentialExchangeError {
    return hasMarker(error, marker);
  }
}
