import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOAuth2Server, type OAuth2Server } from '../../../test/oauth/oauth2-server.js';
import { CredentialExchangeError } from '../../errors/credential-exchange-error.js';
import { parseAuthConfig } from '../auth-config.js';
import { needsDiscovery, withDiscoveredEndpoints } from './oauth2-discovery.js';

let server: OAuth2Server;
beforeAll(async () => {
  server = await startOAuth2Server();
});
afterAll(() => server.close());

describe('withDiscoveredEndpoints (Python OAuth2DiscoveryManager)', () => {
  it("fills an OAuth2 scheme's missing flow URLs from its issuer_url, keeping the credential key", async () => {
    const config = parseAuthConfig({
      authScheme: {
        type: 'oauth2',
        issuer_url: server.issuer,
        flows: { authorizationCode: { scopes: { read: 'Read' } } },
      },
      rawAuthCredential: { authType: 'oauth2', oauth2: { clientId: 'c' } },
    });
    expect(needsDiscovery(config.authScheme)).toBe(true);
    const resolved = await withDiscoveredEndpoints(config);
    expect(resolved.authScheme).toMatchObject({
      issuer: server.issuer,
      flows: {
        authorizationCode: {
          authorizationUrl: server.authorizationEndpoint,
          tokenUrl: server.tokenEndpoint,
        },
      },
    });
    expect(resolved.credentialKey).toBe(config.credentialKey);
    expect(needsDiscovery(resolved.authScheme)).toBe(false);
  });

  it('fills OpenID Connect endpoints from the discovery document URL', async () => {
    const resolved = await withDiscoveredEndpoints(
      parseAuthConfig({
        authScheme: { type: 'openIdConnect', openIdConnectUrl: server.discoveryUrl },
      }),
    );
    expect(resolved.authScheme).toMatchObject({
      authorization_endpoint: server.authorizationEndpoint,
      token_endpoint: server.tokenEndpoint,
    });
  });

  it('throws CredentialExchangeError when discovery fails', async () => {
    const config = parseAuthConfig({
      authScheme: { type: 'openIdConnect', openIdConnectUrl: `${server.issuer}/nowhere` },
    });
    await expect(withDiscoveredEndpoints(config)).rejects.toSatisfy((error) =>
      CredentialExchangeError.isInstance(error),
    );
  });
});
