import * as oauth from 'oauth4webapi';
import { CredentialExchangeError } from '../../errors/credential-exchange-error.js';
import type { AuthConfig } from '../auth-config.js';
import type { AuthScheme } from '../auth-schemes.js';
import { isLoopbackHttp } from './oauth2-token-client.js';

const OIDC_WELL_KNOWN = '/.well-known/openid-configuration';

/**
 * Whether the scheme lacks endpoints that discovery can supply (Python
 * `CredentialManager._missing_oauth_info`): an OpenID Connect scheme with an
 * `openIdConnectUrl` but no `authorization_endpoint` or `token_endpoint`, or
 * an OAuth2 scheme with an `issuer_url` (Python `ExtendedOAuth2`) whose flows
 * miss their URLs.
 */
export function needsDiscovery(scheme: AuthScheme): boolean {
  if (scheme.type === 'openIdConnect') {
    return (
      Boolean(scheme.openIdConnectUrl) && (!scheme.authorization_endpoint || !scheme.token_endpoint)
    );
  }
  if (scheme.type !== 'oauth2' || typeof issuerUrlOf(scheme) !== 'string') return false;
  const { implicit, password, clientCredentials, authorizationCode } = scheme.flows;
  return Boolean(
    (implicit && !implicit.authorizationUrl) ||
    (password && !password.tokenUrl) ||
    (clientCredentials && !clientCredentials.tokenUrl) ||
    (authorizationCode && (!authorizationCode.authorizationUrl || !authorizationCode.tokenUrl)),
  );
}

/**
 * The config with the endpoints its scheme lacks filled in from the
 * authorization server's metadata (Python `_populate_auth_scheme` and
 * `OAuth2DiscoveryManager`), fetched with oauth4webapi, which checks the
 * metadata's `issuer`: OpenID Connect discovery at `openIdConnectUrl` (the
 * document's URL, or the issuer), and for an OAuth2 `issuer_url` RFC 8414
 * metadata, then OpenID Connect discovery. The discovered `issuer` is kept on
 * the scheme. The config's `credentialKey` is unchanged. Throws
 * `CredentialExchangeError` when discovery fails.
 */
export async function withDiscoveredEndpoints(config: AuthConfig): Promise<AuthConfig> {
  const scheme = config.authScheme;
  if (!needsDiscovery(scheme)) return config;
  if (scheme.type === 'openIdConnect') {
    const metadata = await discover(scheme.openIdConnectUrl!, ['oidc']);
    return {
      ...config,
      authScheme: {
        ...scheme,
        issuer: metadata.issuer,
        authorization_endpoint: scheme.authorization_endpoint ?? metadata.authorization_endpoint,
        // Not grant_types_supported: servers list every grant, and its client_credentials
        // would turn the scheme into a client credentials flow (Python's OIDC rule).
        token_endpoint: scheme.token_endpoint ?? metadata.token_endpoint,
      },
    };
  }
  if (scheme.type !== 'oauth2') return config;
  const metadata = await discover(issuerUrlOf(scheme) as string, ['oauth2', 'oidc']);
  const flows = structuredClone(scheme.flows);
  const fill = (
    flow: { authorizationUrl?: string | undefined; tokenUrl?: string | undefined } | undefined,
    keys: Array<'authorizationUrl' | 'tokenUrl'>,
  ) => {
    if (!flow) return;
    if (keys.includes('authorizationUrl') && !flow.authorizationUrl) {
      flow.authorizationUrl = metadata.authorization_endpoint;
    }
    if (keys.includes('tokenUrl') && !flow.tokenUrl) flow.tokenUrl = metadata.token_endpoint;
  };
  fill(flows.implicit, ['authorizationUrl']);
  fill(flows.password, ['tokenUrl']);
  fill(flows.clientCredentials, ['tokenUrl']);
  fill(flows.authorizationCode, ['authorizationUrl', 'tokenUrl']);
  return { ...config, authScheme: { ...scheme, issuer: metadata.issuer, flows } };
}

function issuerUrlOf(scheme: AuthScheme): unknown {
  const extra = scheme as Record<string, unknown>;
  return Object.hasOwn(extra, 'issuer_url') ? extra['issuer_url'] : extra['issuerUrl'];
}

async function discover(
  url: string,
  algorithms: readonly ('oidc' | 'oauth2')[],
): Promise<oauth.AuthorizationServer> {
  // An openIdConnectUrl names the document; oauth4webapi wants the issuer it is derived from.
  const issuer = new URL(
    url.endsWith(OIDC_WELL_KNOWN) ? url.slice(0, -OIDC_WELL_KNOWN.length) || '/' : url,
  );
  const failures: string[] = [];
  for (const algorithm of algorithms) {
    try {
      const response = await oauth.discoveryRequest(issuer, {
        algorithm,
        ...(isLoopbackHttp(issuer.href) ? { [oauth.allowInsecureRequests]: true } : {}),
      });
      return await oauth.processDiscoveryResponse(issuer, response);
    } catch (error) {
      failures.push(`${algorithm}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new CredentialExchangeError({
    message: `OAuth scheme info is missing, and discovery at ${url} failed (${failures.join('; ')}).`,
  });
}
