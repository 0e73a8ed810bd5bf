import * as oauth from 'oauth4webapi';
import { CredentialExchangeError } from '../../errors/credential-exchange-error.js';
import type { OAuth2Auth } from '../auth-credential.js';

/*
 * The token endpoint requests of the OAuth2 exchanger and refresher, made
 * with oauth4webapi (decision: OAuth2 library). oauth4webapi refuses plain
 * http; it is allowed here only for a loopback host, where a local
 * authorization server (a test, a development setup) runs without TLS.
 */

/** What a token request needs besides the grant's own parameters. */
export interface TokenRequest {
  /** The token endpoint URL. */
  tokenEndpoint: string;
  /** The credential's OAuth2 section: client id and secret, auth method, and the grant's inputs. */
  oauth2: OAuth2Auth;
  /** The authorization server's issuer identifier, when known (discovery); else derived. */
  issuer?: string | undefined;
}

/** The token endpoint's successful answer. */
export type TokenResponse = oauth.TokenEndpointResponse;

/**
 * Exchanges an authorization code (RFC 6749 §4.1.3): the code is read from
 * `authResponseUri` (checked against `expectedState`; an `error` there is
 * refused) or taken from `authCode`; `codeVerifier` is sent when set (PKCE).
 * Throws `CredentialExchangeError` when the endpoint refuses or cannot be reached.
 */
export async function requestAuthorizationCodeTokens(
  request: TokenRequest & { expectedState?: string | undefined },
): Promise<TokenResponse> {
  const { oauth2 } = request;
  const as = authorizationServer(request);
  const client = clientOf(oauth2);
  return withTokenErrors('exchange the authorization code', async () => {
    let parameters: URLSearchParams;
    if (oauth2.authResponseUri) {
      parameters = new URL(stripEmptyFragment(oauth2.authResponseUri)).searchParams;
    } else if (oauth2.authCode) {
      parameters = new URLSearchParams({ code: oauth2.authCode });
      if (request.expectedState) parameters.set('state', request.expectedState);
    } else {
      throw new CredentialExchangeError({
        message: 'The OAuth2 answer has neither authResponseUri nor authCode to exchange.',
      });
    }
    // Without discovery the issuer is unknown; trust the response's own when it names one.
    const iss = parameters.get('iss');
    if (iss && request.issuer === undefined) as.issuer = iss;
    const callback = oauth.validateAuthResponse(
      as,
      client,
      parameters,
      request.expectedState ?? oauth.skipStateCheck,
    );
    if (!oauth2.redirectUri) {
      throw new CredentialExchangeError({
        message:
          'Exchanging an OAuth2 authorization code needs the redirectUri the user was sent back ' +
          'to: set it in rawAuthCredential.oauth2 or have the client send it with its answer.',
      });
    }
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuthOf(oauth2),
      callback,
      oauth2.redirectUri,
      oauth2.codeVerifier ?? oauth.nopkce,
      options(request.tokenEndpoint),
    );
    await adoptIdTokenIssuer(as, request, response);
    return oauth.processAuthorizationCodeResponse(as, client, response, {
      ...(oauth2.nonce ? { expectedNonce: oauth2.nonce } : {}),
    });
  });
}

/**
 * Asks for a token with the client's own credentials (RFC 6749 §4.4), with
 * the given scopes. Throws `CredentialExchangeError` on failure.
 */
export async function requestClientCredentialsTokens(
  request: TokenRequest & { scopes: readonly string[] },
): Promise<TokenResponse> {
  const as = authorizationServer(request);
  const client = clientOf(request.oauth2);
  return withTokenErrors('obtain a client credentials token', async () => {
    const parameters = new URLSearchParams();
    if (request.scopes.length > 0) parameters.set('scope', request.scopes.join(' '));
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      clientAuthOf(request.oauth2),
      parameters,
      options(request.tokenEndpoint),
    );
    return oauth.processClientCredentialsResponse(as, client, response);
  });
}

/**
 * Refreshes an access token with the credential's `refreshToken` (RFC 6749
 * §6). Throws `CredentialExchangeError` on failure; its `oauthError` is
 * `invalid_grant` when the refresh token is no longer accepted.
 */
export async function requestRefreshedTokens(request: TokenRequest): Promise<TokenResponse> {
  const as = authorizationServer(request);
  const client = clientOf(request.oauth2);
  return withTokenErrors('refresh the access token', async () => {
    const response = await oauth.refreshTokenGrantRequest(
      as,
      client,
      clientAuthOf(request.oauth2),
      request.oauth2.refreshToken ?? '',
      options(request.tokenEndpoint),
    );
    await adoptIdTokenIssuer(as, request, response);
    return oauth.processRefreshTokenResponse(as, client, response);
  });
}

/**
 * Whether oauth4webapi may use plain http for `url`: only for a loopback
 * host (127.0.0.0/8, ::1, localhost).
 */
export function isLoopbackHttp(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:') return false;
  const host = parsed.hostname;
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

type MutableAuthorizationServer = {
  -readonly [K in keyof oauth.AuthorizationServer]: oauth.AuthorizationServer[K];
};

function authorizationServer(request: TokenRequest): MutableAuthorizationServer {
  return {
    issuer: request.issuer ?? new URL(request.tokenEndpoint).origin,
    token_endpoint: request.tokenEndpoint,
  };
}

function clientOf(oauth2: OAuth2Auth): oauth.Client {
  if (!oauth2.clientId) {
    throw new CredentialExchangeError({
      message: 'An OAuth2 token request needs rawAuthCredential.oauth2.clientId.',
    });
  }
  return { client_id: oauth2.clientId };
}

function clientAuthOf(oauth2: OAuth2Auth): oauth.ClientAuth {
  const secret = oauth2.clientSecret;
  // A public client (no secret) authenticates by its client_id alone (and PKCE).
  if (!secret) return oauth.None();
  switch (oauth2.tokenEndpointAuthMethod) {
    case 'client_secret_post':
      return oauth.ClientSecretPost(secret);
    case 'client_secret_jwt':
      return oauth.ClientSecretJwt(secret);
    case 'private_key_jwt':
      throw new CredentialExchangeError({
        message: 'The private_key_jwt token endpoint auth method is not supported.',
      });
    default:
      return oauth.ClientSecretBasic(secret);
  }
}

function options(tokenEndpoint: string): oauth.TokenEndpointRequestOptions {
  return isLoopbackHttp(tokenEndpoint) ? { [oauth.allowInsecureRequests]: true } : {};
}

// authlib adds a bare '#' to some URIs, which the reference drops before parsing.
function stripEmptyFragment(uri: string): string {
  return uri.endsWith('#') ? uri.slice(0, -1) : uri;
}

// oauth4webapi checks an ID token's `iss` against the issuer; without discovery
// the issuer is unknown, so the token's own is taken (the reference checks none).
async function adoptIdTokenIssuer(
  as: MutableAuthorizationServer,
  request: TokenRequest,
  response: Response,
): Promise<void> {
  if (request.issuer !== undefined || !response.ok) return;
  try {
    const body = (await response.clone().json()) as { id_token?: unknown };
    if (typeof body.id_token !== 'string') return;
    const payload = body.id_token.split('.')[1] ?? '';
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      iss?: unknown;
    };
    if (typeof claims.iss === 'string') as.issuer = claims.iss;
  } catch {
    // oauth4webapi reports the malformed response itself.
  }
}

async function withTokenErrors<T>(action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (CredentialExchangeError.isInstance(error)) throw error;
    if (error instanceof oauth.ResponseBodyError) {
      throw new CredentialExchangeError({
        message:
          `Could not ${action}: the token endpoint answered ${error.status} ${error.error}` +
          (error.error_description ? ` (${error.error_description})` : '') +
          '.',
        oauthError: error.error,
        oauthErrorDescription: error.error_description,
        status: error.status,
        cause: error,
      });
    }
    if (error instanceof oauth.AuthorizationResponseError) {
      throw new CredentialExchangeError({
        message:
          `Could not ${action}: the authorization server answered ${error.error}` +
          (error.error_description ? ` (${error.error_description})` : '') +
          '.',
        oauthError: error.error,
        oauthErrorDescription: error.error_description,
        cause: error,
      });
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new CredentialExchangeError({ message: `Could not ${action}: ${reason}.`, cause: error });
  }
}
