import { CredentialExchangeError } from '../../errors/credential-exchange-error.js';
import {
  BaseCredentialExchanger,
  type ExchangeCredentialRequest,
  type ExchangeResult,
} from './base-credential-exchanger.js';

/**
 * Python's `ServiceAccountCredentialExchanger` turns a Google service account
 * key into an access token with Google's auth library. This version has no
 * Google auth client: `exchange` throws `CredentialExchangeError` naming
 * Google's token service for a service account credential, and returns any
 * other credential unchanged. Supply the token another way (an auth provider,
 * or an `oauth2`/`http` credential holding it).
 */
export class ServiceAccountCredentialExchanger extends BaseCredentialExchanger {
  override exchange({ credential }: ExchangeCredentialRequest): Promise<ExchangeResult> {
    if (credential.authType !== 'serviceAccount') {
      return Promise.resolve({ credential, wasExchanged: false });
    }
    return Promise.reject(
      new CredentialExchangeError({
        message:
          'Exchanging a Google service account for an access token (Google OAuth2 token service, ' +
          'google-auth) is not supported by this version: register an auth provider that ' +
          'returns the token, or configure an oauth2 or http credential holding it.',
      }),
    );
  }
}
