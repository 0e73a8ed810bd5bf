import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small OAuth2 / OpenID Connect authorization server on 127.0.0.1 for the
 * auth tests: `/authorize` approves at once (302 back to the client with a
 * code), `/token` serves the authorization_code, refresh_token and
 * client_credentials grants with client_secret_basic or client_secret_post,
 * PKCE is checked when the authorization request carried a challenge, and
 * errors are RFC 6749 JSON. Tokens are opaque random strings kept in memory;
 * a resource server asks `accessTokenIsValid`.
 */

/** A client registered with the test server. */
export interface OAuth2TestClient {
  clientId: string;
  /** Absent for a public client (no client authentication, PKCE expected). */
  clientSecret?: string;
  /** The redirect URIs it may use; absent accepts any. */
  redirectUris?: string[];
}

/** Options of `startOAuth2Server`. */
export interface OAuth2ServerOptions {
  /** Registered clients; default one confidential client `client-1` / `secret-1`. */
  clients?: OAuth2TestClient[];
  /** Lifetime of access tokens in seconds (`expires_in`); default 3600. */
  accessTokenTtlSeconds?: number;
  /** Whether a refresh issues a new refresh token and retires the old one; default false. */
  rotateRefreshTokens?: boolean;
  /** Whether token responses carry a refresh token; default true. */
  issueRefreshTokens?: boolean;
}

/** A request the server received. */
export interface OAuth2ServerRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingMessage['headers'];
  /** The form fields of a POST body. */
  form: Record<string, string>;
}

/** A running test authorization server. */
export interface OAuth2Server {
  /** `http://127.0.0.1:<port>`: the issuer identifier. */
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** `<issuer>/.well-known/openid-configuration`. */
  discoveryUrl: string;
  /** Every request received, oldest first. */
  requests: OAuth2ServerRequest[];
  /** Whether `token` is a known, unexpired access token (the resource server's check). */
  accessTokenIsValid(token: string | undefined): boolean;
  /** Makes every access token issued so far expired. */
  expireAllAccessTokens(): void;
  /** Forgets every refresh token: the next refresh fails with invalid_grant. */
  revokeAllRefreshTokens(): void;
  /** How many tokens each grant issued, e.g. `{ authorization_code: 1, refresh_token: 2 }`. */
  grantsIssued: Record<string, number>;
  close(): Promise<void>;
}

/** The default confidential client. */
export const OAUTH2_CLIENT_ID = 'client-1';
/** The default client's secret. */
export const OAUTH2_CLIENT_SECRET = 'secret-1';

interface PendingCode {
  clientId: string;
  redirectUri: string;
  scope: string;
  challenge?: string;
  challengeMethod?: string;
}

interface IssuedToken {
  clientId: string;
  scope: string;
  expiresAt: number;
}

class OAuthError {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {}
}

const newToken = (prefix: string) => `${prefix}-${randomBytes(12).toString('base64url')}`;

function readForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/** Starts the server on a free port of 127.0.0.1. */
export async function startOAuth2Server(options: OAuth2ServerOptions = {}): Promise<OAuth2Server> {
  const clients = options.clients ?? [
    { clientId: OAUTH2_CLIENT_ID, clientSecret: OAUTH2_CLIENT_SECRET },
  ];
  const ttl = options.accessTokenTtlSeconds ?? 3600;
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, IssuedToken>();
  const refreshTokens = new Map<string, { clientId: string; scope: string }>();
  const requests: OAuth2ServerRequest[] = [];
  const grantsIssued: Record<string, number> = {};
  let issuer = '';

  const clientOf = (clientId: string | undefined) =>
    clients.find((client) => client.clientId === clientId);

  // RFC 6749 §2.3.1: Basic credentials are form-urlencoded before base64.
  const authenticate = (request: IncomingMessage, form: Record<string, string>) => {
    const header = request.headers.authorization;
    let clientId = form['client_id'];
    let secret = form['client_secret'];
    if (header?.startsWith('Basic ')) {
      const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
      secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
    }
    const client = clientOf(clientId);
    if (!client) throw new OAuthError(401, 'invalid_client', 'unknown client');
    if (client.clientSecret !== undefined && client.clientSecret !== secret) {
      throw new OAuthError(401, 'invalid_client', 'bad client credentials');
    }
    return client;
  };

  const issue = (grant: string, clientId: string, scope: string, withRefresh: boolean) => {
    grantsIssued[grant] = (grantsIssued[grant] ?? 0) + 1;
    const accessToken = newToken('at');
    accessTokens.set(accessToken, { clientId, scope, expiresAt: Date.now() + ttl * 1000 });
    const body: Record<string, unknown> = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ttl,
    };
    if (scope) body['scope'] = scope;
    if (withRefresh && options.issueRefreshTokens !== false) {
      const refreshToken = newToken('rt');
      refreshTokens.set(refreshToken, { clientId, scope });
      body['refresh_token'] = refreshToken;
    }
    return body;
  };

  const authorize = (url: URL, response: ServerResponse) => {
    const params = url.searchParams;
    const client = clientOf(params.get('client_id') ?? undefined);
    const redirectUri = params.get('redirect_uri') ?? '';
    // Without a valid client and redirect URI the error must not redirect (RFC 6749 §4.1.2.1).
    if (!client) throw new OAuthError(400, 'invalid_request', 'unknown client_id');
    if (!redirectUri || (client.redirectUris && !client.redirectUris.includes(redirectUri))) {
      throw new OAuthError(400, 'invalid_request', 'redirect_uri not registered');
    }
    const back = new URL(redirectUri);
    const state = params.get('state');
    if (state !== null) back.searchParams.set('state', state);
    const challenge = params.get('code_challenge') ?? undefined;
    const challengeMethod =
      params.get('code_challenge_method') ?? (challenge ? 'plain' : undefined);
    if (params.get('response_type') !== 'code') {
      back.searchParams.set('error', 'unsupported_response_type');
    } else if (challengeMethod && challengeMethod !== 'S256' && challengeMethod !== 'plain') {
      back.searchParams.set('error', 'invalid_request');
    } else {
      const code = newToken('code');
      codes.set(code, {
        clientId: client.clientId,
        redirectUri,
        scope: params.get('scope') ?? '',
        ...(challenge ? { challenge } : {}),
        ...(challengeMethod ? { challengeMethod } : {}),
      });
      back.searchParams.set('code', code);
    }
    response.writeHead(302, { location: back.href });
    response.end();
  };

  const token = (request: IncomingMessage, form: Record<string, string>) => {
    const client = authenticate(request, form);
    const grant = form['grant_type'];
    if (grant === 'authorization_code') {
      const pending = codes.get(form['code'] ?? '');
      codes.delete(form['code'] ?? '');
      if (!pending || pending.clientId !== client.clientId) {
        throw new OAuthError(400, 'invalid_grant', 'unknown or used authorization code');
      }
      if (pending.redirectUri !== form['redirect_uri']) {
        throw new OAuthError(400, 'invalid_grant', 'redirect_uri mismatch');
      }
      if (pending.challenge) {
        const verifier = form['code_verifier'] ?? '';
        const computed =
          pending.challengeMethod === 'S256'
            ? createHash('sha256').update(verifier).digest('base64url')
            : verifier;
        if (!verifier || computed !== pending.challenge) {
          throw new OAuthError(400, 'invalid_grant', 'PKCE verification failed');
        }
      }
      return issue(grant, client.clientId, pending.scope, true);
    }
    if (grant === 'refresh_token') {
      const known = refreshTokens.get(form['refresh_token'] ?? '');
      if (!known || known.clientId !== client.clientId) {
        throw new OAuthError(400, 'invalid_grant', 'unknown refresh token');
      }
      const rotate = options.rotateRefreshTokens === true;
      if (rotate) refreshTokens.delete(form['refresh_token'] ?? '');
      return issue(grant, client.clientId, form['scope'] ?? known.scope, rotate);
    }
    if (grant === 'client_credentials') {
      if (client.clientSecret === undefined) {
        throw new OAuthError(400, 'unauthorized_client', 'public clients have no client grant');
      }
      return issue(grant, client.clientId, form['scope'] ?? '', false);
    }
    throw new OAuthError(400, 'unsupported_grant_type', `unsupported grant ${grant ?? ''}`);
  };

  const discovery = () => ({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    code_challenge_methods_supported: ['S256', 'plain'],
    scopes_supported: ['openid', 'read', 'write'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['none'],
  });

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = request.method === 'POST' ? readForm(Buffer.concat(chunks).toString()) : {};
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        form,
      });
      const url = new URL(request.url ?? '/', issuer);
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'cache-control': 'no-store',
          ...headers,
        });
        response.end(JSON.stringify(value));
      };
      try {
        if (
          url.pathname === '/.well-known/openid-configuration' ||
          url.pathname === '/.well-known/oauth-authorization-server'
        ) {
          json(200, discovery());
        } else if (url.pathname === '/authorize' && request.method === 'GET') {
          authorize(url, response);
        } else if (url.pathname === '/token' && request.method === 'POST') {
          json(200, token(request, form));
        } else json(404, { error: 'not_found' });
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        json(
          error.status,
          { error: error.error, error_description: error.description },
          error.status === 401 ? { 'www-authenticate': 'Basic realm="oauth2-test"' } : {},
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  issuer = `http://127.0.0.1:${port}`;
  return {
    issuer,
    authorizationEndpoint: `${issuer}/authorize`,
    tokenEndpoint: `${issuer}/token`,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    requests,
    grantsIssued,
    accessTokenIsValid: (candidate) => {
      const known = candidate === undefined ? undefined : accessTokens.get(candidate);
      return known !== undefined && known.expiresAt > Date.now();
    },
    expireAllAccessTokens: () => {
      for (const issued of accessTokens.values()) issued.expiresAt = 0;
    },
    revokeAllRefreshTokens: () => refreshTokens.clear(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
