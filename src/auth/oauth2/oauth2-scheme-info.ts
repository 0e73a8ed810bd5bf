import type { AuthScheme, OAuthFlow } from '../auth-schemes.js';

/** The OAuth2 grant types (Python `OAuthGrantType`; the values are the wire strings). */
export const OAuthGrantType = {
  CLIENT_CREDENTIALS: 'client_credentials',
  AUTHORIZATION_CODE: 'authorization_code',
  IMPLICIT: 'implicit',
  PASSWORD: 'password',
} as const;
/** One of the `OAuthGrantType` values. */
export type OAuthGrantType = (typeof OAuthGrantType)[keyof typeof OAuthGrantType];

/**
 * The grant a scheme uses (Python `OAuthGrantType.from_flow`, and the OpenID
 * Connect rule of its OAuth2 exchanger): for `oauth2` the first of client
 * credentials, authorization code, implicit, password that the flows offer;
 * for `openIdConnect` client credentials when `grant_types_supported` lists
 * it, else authorization code. Undefined for other schemes or no flows.
 */
export function grantTypeOf(scheme: AuthScheme): OAuthGrantType | undefined {
  if (scheme.type === 'openIdConnect') {
    return scheme.grant_types_supported?.includes('client_credentials')
      ? OAuthGrantType.CLIENT_CREDENTIALS
      : OAuthGrantType.AUTHORIZATION_CODE;
  }
  if (scheme.type !== 'oauth2') return undefined;
  const flows = scheme.flows;
  if (flows.clientCredentials) return OAuthGrantType.CLIENT_CREDENTIALS;
  if (flows.authorizationCode) return OAuthGrantType.AUTHORIZATION_CODE;
  if (flows.implicit) return OAuthGrantType.IMPLICIT;
  if (flows.password) return OAuthGrantType.PASSWORD;
  return undefined;
}

/** Where a scheme's tokens come from, and the scopes it asks for. */
export interface TokenEndpointInfo {
  tokenEndpoint: string;
  scopes: string[];
}

/**
 * The token endpoint and scopes of a scheme (Python `create_oauth2_session`):
 * an OpenID Connect scheme's `token_endpoint` and `scopes`; an OAuth2
 * scheme's authorization code flow, else its client credentials flow.
 * Undefined when the scheme names no token endpoint.
 */
export function tokenEndpointOf(scheme: AuthScheme): TokenEndpointInfo | undefined {
  if (scheme.type === 'openIdConnect') {
    if (!scheme.token_endpoint) return undefined;
    return { tokenEndpoint: scheme.token_endpoint, scopes: scheme.scopes ?? [] };
  }
  if (scheme.type !== 'oauth2') return undefined;
  for (const flow of [scheme.flows.authorizationCode, scheme.flows.clientCredentials]) {
    if (flow?.tokenUrl) return { tokenEndpoint: flow.tokenUrl, scopes: scopesOf(flow) };
  }
  return undefined;
}

/** Where the user signs in, and the scopes asked for. */
export interface AuthorizationEndpointInfo {
  authorizationEndpoint: string;
  scopes: string[];
}

/**
 * The authorization endpoint and scopes of a scheme (Python
 * `generate_auth_uri`): an OpenID Connect scheme's `authorization_endpoint`;
 * for OAuth2 the first URL of the implicit flow's `authorizationUrl`, the
 * authorization code flow's `authorizationUrl`, the client credentials and
 * password flows' `tokenUrl`, with the scopes of the first flow present.
 * Undefined when there is none.
 */
export function authorizationEndpointOf(scheme: AuthScheme): AuthorizationEndpointInfo | undefined {
  if (scheme.type === 'openIdConnect') {
    if (!scheme.authorization_endpoint) return undefined;
    return { authorizationEndpoint: scheme.authorization_endpoint, scopes: scheme.scopes ?? [] };
  }
  if (scheme.type !== 'oauth2') return undefined;
  const { implicit, authorizationCode, clientCredentials, password } = scheme.flows;
  const endpoint =
    implicit?.authorizationUrl ||
    authorizationCode?.authorizationUrl ||
    clientCredentials?.tokenUrl ||
    password?.tokenUrl;
  if (!endpoint) return undefined;
  const flow = implicit ?? authorizationCode ?? clientCredentials ?? password;
  return { authorizationEndpoint: endpoint, scopes: flow ? scopesOf(flow) : [] };
}

function scopesOf(flow: OAuthFlow): string[] {
  return Object.keys(flow.scopes);
}
