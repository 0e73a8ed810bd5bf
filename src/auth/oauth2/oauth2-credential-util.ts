import type { AuthCredential } from '../auth-credential.js';
import type { TokenResponse } from './oauth2-token-client.js';

/** Seconds before expiry at which a token already counts as expired (authlib's default leeway). */
export const TOKEN_EXPIRY_LEEWAY_SECONDS = 60;

/**
 * The credential with the tokens of a token response (Python
 * `update_credential_with_tokens`): access token, refresh token (the old one
 * kept when a refresh returns none, as authlib does), ID token, `expiresIn`,
 * and `expiresAt` in epoch seconds. A new object; the input is not changed.
 */
export function updateCredentialWithTokens(
  credential: AuthCredential,
  tokens: TokenResponse,
  now: number = Date.now(),
): AuthCredential {
  const oauth2 = { ...credential.oauth2!, accessToken: tokens.access_token };
  const refreshToken = tokens.refresh_token ?? credential.oauth2?.refreshToken;
  if (refreshToken === undefined) delete oauth2.refreshToken;
  else oauth2.refreshToken = refreshToken;
  if (tokens.id_token === undefined) delete oauth2.idToken;
  else oauth2.idToken = tokens.id_token;
  if (tokens.expires_in === undefined) {
    delete oauth2.expiresIn;
    delete oauth2.expiresAt;
  } else {
    oauth2.expiresIn = Math.trunc(tokens.expires_in);
    oauth2.expiresAt = Math.trunc(now / 1000) + Math.trunc(tokens.expires_in);
  }
  return { ...credential, oauth2 };
}

/**
 * Whether an OAuth2 credential's access token has expired, or will within
 * `TOKEN_EXPIRY_LEEWAY_SECONDS` (authlib `OAuth2Token.is_expired`): by
 * `expiresAt`, else by `expiresIn` counted from now. A token with neither
 * never expires.
 */
export function isTokenExpired(credential: AuthCredential, now: number = Date.now()): boolean {
  const oauth2 = credential.oauth2;
  if (!oauth2) return false;
  const nowSeconds = now / 1000;
  const expiresAt =
    oauth2.expiresAt ??
    (oauth2.expiresIn === undefined ? undefined : nowSeconds + oauth2.expiresIn);
  if (expiresAt === undefined) return false;
  return expiresAt - TOKEN_EXPIRY_LEEWAY_SECONDS < nowSeconds;
}
