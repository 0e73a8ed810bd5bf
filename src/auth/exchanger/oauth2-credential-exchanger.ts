import { CredentialExchangeError } from '../../errors/credential-exchange-error.js';
import { updateCredentialWithTokens } from '../oauth2/oauth2-credential-util.js';
import { grantTypeOf, OAuthGrantType, tokenEndpointOf } from '../oauth2/oauth2-scheme-info.js';
import {
  requestAuthorizationCodeTokens,
  requestClientCredentialsTokens,
} from '../oauth2/oauth2-token-client.js';
import {
  BaseCredentialExchanger,
  type ExchangeCredentialRequest,
  type ExchangeResult,
} from './base-credential-exchanger.js';

/**
 * Exchanges OAuth2 and OpenID Connect credentials for tokens (Python
 * `OAuth2CredentialExchanger`), by the scheme's grant: client credentials
 * (the client's own id and secret, the flow's scopes), or authorization code
 * (the user's `authResponseUri` or `authCode`, checked against the `state`
 * the authorization URI carried, with the PKCE `codeVerifier` when there is
 * one). A credential that already has an access token, or an authorization
 * code credential the user has not answered yet, is returned unchanged.
 * Unlike the reference, which logs and returns the credential unexchanged,
 * a refused or failed exchange throws `CredentialExchangeError`.
 */
export class OAuth2CredentialExchanger extends BaseCredentialExchanger {
  override async exchange({
    credential,
    authScheme,
  }: ExchangeCredentialRequest): Promise<ExchangeResult> {
    const oauth2 = credential.oauth2;
    if (!oauth2 || oauth2.accessToken) return { credential, wasExchanged: false };
    const grant = grantTypeOf(authScheme);
    const isCodeGrant = grant === OAuthGrantType.AUTHORIZATION_CODE;
    if (grant !== OAuthGrantType.CLIENT_CREDENTIALS && !isCodeGrant) {
      return { credential, wasExchanged: false };
    }
    if (isCodeGrant && !oauth2.authResponseUri && !oauth2.authCode) {
      return { credential, wasExchanged: false };
    }
    const endpoint = tokenEndpointOf(authScheme);
    if (!endpoint) {
      throw new CredentialExchangeError({
        message: `The ${authScheme.type} scheme names no token endpoint to exchange the credential at.`,
      });
    }
    const tokens = isCodeGrant
      ? await requestAuthorizationCodeTokens({
          tokenEndpoint: endpoint.tokenEndpoint,
          oauth2,
          expectedState: oauth2.state,
        })
      : await requestClientCredentialsTokens({
          tokenEndpoint: endpoint.tokenEndpoint,
          oauth2,
          scopes: clientCredentialsScopes(authScheme) ?? endpoint.scopes,
        });
    return { credential: updateCredentialWithTokens(credential, tokens), wasExchanged: true };
  }
}

function clientCredentialsScopes(
  scheme: ExchangeCredentialRequest['authScheme'],
): string[] | undefined {
  if (scheme.type !== 'oauth2' || !scheme.flows.clientCredentials) return undefined;
  return Object.keys(scheme.flows.clientCredentials.scopes);
}
