import { CredentialExchangeError } from '../../errors/credential-exchange-error.js';
import { CredentialRefreshError } from '../../errors/credential-refresh-error.js';
import type { AuthCredential } from '../auth-credential.js';
import { isTokenExpired, updateCredentialWithTokens } from '../oauth2/oauth2-credential-util.js';
import { tokenEndpointOf } from '../oauth2/oauth2-scheme-info.js';
import { requestRefreshedTokens } from '../oauth2/oauth2-token-client.js';
import {
  BaseCredentialRefresher,
  type RefreshCredentialRequest,
} from './base-credential-refresher.js';

/**
 * Refreshes OAuth2 and OpenID Connect access tokens (Python
 * `OAuth2CredentialRefresher`): a refresh is needed when the token expires
 * within a minute (by `expiresAt`); `refresh` then sends the refresh token to
 * the scheme's token endpoint. When the credential has no refresh token, or
 * the endpoint refuses it (`invalid_grant`), `refresh` returns undefined so
 * that the user signs in again; the reference instead keeps the expired
 * token. Any other failure throws `CredentialRefreshError`.
 */
export class OAuth2CredentialRefresher extends BaseCredentialRefresher {
  override isRefreshNeeded({ credential }: RefreshCredentialRequest): Promise<boolean> {
    return Promise.resolve(credential.oauth2 !== undefined && isTokenExpired(credential));
  }

  override async refresh({
    credential,
    authScheme,
  }: RefreshCredentialRequest): Promise<AuthCredential | undefined> {
    const oauth2 = credential.oauth2;
    if (!oauth2 || !isTokenExpired(credential)) return credential;
    if (!oauth2.refreshToken) return undefined;
    const endpoint = tokenEndpointOf(authScheme);
    if (!endpoint) {
      throw new CredentialRefreshError({
        message: `The ${authScheme.type} scheme names no token endpoint to refresh the token at.`,
      });
    }
    try {
      const tokens = await requestRefreshedTokens({
        tokenEndpoint: endpoint.tokenEndpoint,
        oauth2,
      });
      return updateCredentialWithTokens(credential, tokens);
    } catch (error) {
      if (!CredentialExchangeError.isInstance(error)) throw error;
      if (error.oauthError === 'invalid_grant') return undefined;
      throw new CredentialRefreshError({
        message: error.message,
        oauthError: error.oauthError,
        oauthErrorDescription: error.oauthErrorDescription,
        status: error.status,
        cause: error,
      });
    }
  }
}
