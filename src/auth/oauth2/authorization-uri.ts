import { createHash } from 'node:crypto';
import { generateRandomCodeVerifier, generateRandomState } from 'oauth4webapi';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import type { AuthCredential } from '../auth-credential.js';
import type { AuthConfig } from '../auth-config.js';
import { authorizationEndpointOf } from './oauth2-scheme-info.js';

/**
 * The credential to send the user to sign in with (Python
 * `AuthHandler.generate_auth_uri`): a copy of the raw OAuth2 credential with
 * `authUri` (the authorization endpoint with `response_type=code`,
 * `client_id`, `redirect_uri` when configured, otherwise the client adds it,
 * `scope`, a random `state`, `access_type=offline`, `prompt` (default
 * `consent`), `audience` and `nonce` when set), `state`, and for PKCE the
 * `codeVerifier` and `codeChallengeMethod`. PKCE (S256) is used when the
 * credential names a `codeChallengeMethod`, and for a public client (no
 * client secret). Throws `InvalidArgumentError` when the scheme names no
 * authorization endpoint, the credential has no OAuth2 client id, or the
 * challenge method is not S256.
 */
export function generateAuthUri(config: AuthConfig): AuthCredential {
  const raw = config.rawAuthCredential;
  const oauth2 = raw?.oauth2;
  const schemeType = config.authScheme.type;
  if (!raw || !oauth2?.clientId) {
    throw new InvalidArgumentError({
      message: `Auth scheme ${schemeType} requires client_id in auth_credential.oauth2.`,
      argument: 'authConfig',
    });
  }
  const endpoint = authorizationEndpointOf(config.authScheme);
  if (!endpoint) {
    throw new InvalidArgumentError({
      message:
        `Cannot build an authorization URI for the ${schemeType} scheme: it names no ` +
        'authorization endpoint' +
        (schemeType === 'openIdConnect'
          ? ' (give authorization_endpoint and token_endpoint, e.g. from discovery).'
          : '.'),
      argument: 'authConfig',
    });
  }
  const method = oauth2.codeChallengeMethod ?? (oauth2.clientSecret ? undefined : 'S256');
  if (method !== undefined && method !== 'S256') {
    throw new InvalidArgumentError({
      message: `Unsupported code_challenge_method: ${method}. Only 'S256' is supported.`,
      argument: 'authConfig',
    });
  }
  const codeVerifier = method ? (oauth2.codeVerifier ?? generateRandomCodeVerifier()) : undefined;
  const state = generateRandomState();

  const uri = new URL(endpoint.authorizationEndpoint);
  const params = uri.searchParams;
  params.set('response_type', 'code');
  params.set('client_id', oauth2.clientId);
  if (oauth2.redirectUri) params.set('redirect_uri', oauth2.redirectUri);
  if (endpoint.scopes.length > 0) params.set('scope', endpoint.scopes.join(' '));
  params.set('state', state);
  if (codeVerifier) {
    params.set('code_challenge', createHash('sha256').update(codeVerifier).digest('base64url'));
    params.set('code_challenge_method', 'S256');
  }
  params.set('access_type', 'offline');
  params.set('prompt', oauth2.prompt ?? 'consent');
  if (oauth2.audience) params.set('audience', oauth2.audience);
  if (oauth2.nonce) params.set('nonce', oauth2.nonce);

  const exchanged = structuredClone(raw);
  exchanged.oauth2 = { ...exchanged.oauth2!, authUri: uri.href, state };
  if (codeVerifier) {
    exchanged.oauth2.codeVerifier = codeVerifier;
    exchanged.oauth2.codeChallengeMethod = 'S256';
  }
  return exchanged;
}
