import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OAUTH2_CLIENT_ID,
  OAUTH2_CLIENT_SECRET,
  startOAuth2Server,
  type OAuth2Server,
} from '../../../test/oauth/oauth2-server.js';
import { CredentialRefreshError } from '../../errors/credential-refresh-error.js';
import { AuthCredential } from '../auth-credential.js';
import type { AuthScheme } from '../auth-schemes.js';
import { OAuth2CredentialExchanger } from '../exchanger/oauth2-credential-exchanger.js';
import { isTokenExpired } from '../oauth2/oauth2-credential-util.js';
import { OAuth2CredentialRefresher } from './oauth2-credential-refresher.js';

// Tokens live 30 s: within the minute of leeway, so they count as expired at once.
let server: OAuth2Server;
let rotating: OAuth2Server;
beforeAll(async () => {
  server = await startOAuth2Server({ accessTokenTtlSeconds: 30 });
  rotating = await startOAuth2Server({ accessTokenTtlSeconds: 30, rotateRefreshTokens: true });
});
afterAll(async () => {
  await server.close();
  await rotating.close();
});

const refresher = new OAuth2CredentialRefresher();
const client = { clientId: OAUTH2_CLIENT_ID, clientSecret: OAUTH2_CLIENT_SECRET };

function schemeOf(target: OAuth2Server): AuthScheme {
  return {
    type: 'oauth2',
    flows: { clientCredentials: { tokenUrl: target.tokenEndpoint, scopes: {} } },
  };
}

/** A credential with an access and a refresh token from `target`, by an authorization code exchange. */
async function issued(target: OAuth2Server): Promise<AuthCredential> {
  const response = await fetch(
    target.authorizationEndpoint +
      '?' +
      new URLSearchParams({
        response_type: 'code',
        client_id: OAUTH2_CLIENT_ID,
        redirect_uri: 'http://127.0.0.1:9/cb',
      }),
    { redirect: 'manual' },
  );
  const code = new URL(response.headers.get('location')!).searchParams.get('code')!;
  const scheme: AuthScheme = {
    type: 'oauth2',
    flows: {
      authorizationCode: {
        authorizationUrl: target.authorizationEndpoint,
        tokenUrl: target.tokenEndpoint,
        scopes: {},
      },
    },
  };
  const { credential } = await new OAuth2CredentialExchanger().exchange({
    authScheme: scheme,
    credential: AuthCredential.parse({
      authType: 'oauth2',
      oauth2: { ...client, authCode: code, redirectUri: 'http://127.0.0.1:9/cb' },
    }),
  });
  return credential;
}

describe('OAuth2CredentialRefresher against a local authorization server', () => {
  it('needs a refresh only within the leeway of expiresAt', async () => {
    const now = Date.now() / 1000;
    const at = (expiresAt?: number) =>
      AuthCredential.parse({ authType: 'oauth2', oauth2: { accessToken: 'a', expiresAt } });
    const check = (credential: AuthCredential) =>
      refresher.isRefreshNeeded({ credential, authScheme: schemeOf(server) });
    expect(await check(at(Math.floor(now) + 3600))).toBe(false);
    expect(await check(at(Math.floor(now) + 30))).toBe(true);
    expect(await check(at(Math.floor(now) - 10))).toBe(true);
    expect(await check(at(undefined))).toBe(false);
  });

  it('refreshes an expired token, keeping the refresh token when none is returned', async () => {
    const credential = await issued(server);
    expect(isTokenExpired(credential)).toBe(true);
    server.expireAllAccessTokens();
    const refreshed = (await refresher.refresh({ credential, authScheme: schemeOf(server) }))!;
    expect(refreshed.oauth2!.accessToken).not.toBe(credential.oauth2!.accessToken);
    expect(server.accessTokenIsValid(refreshed.oauth2!.accessToken)).toBe(true);
    expect(refreshed.oauth2!.refreshToken).toBe(credential.oauth2!.refreshToken);
    expect(server.requests.at(-1)!.form).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: credential.oauth2!.refreshToken,
    });
  });

  it('takes the new refresh token of a rotating server', async () => {
    const credential = await issued(rotating);
    const refreshed = (await refresher.refresh({ credential, authScheme: schemeOf(rotating) }))!;
    expect(refreshed.oauth2!.refreshToken).toMatch(/^rt-/);
    expect(refreshed.oauth2!.refreshToken).not.toBe(credential.oauth2!.refreshToken);
  });

  it('gives up (undefined: ask the user) when the refresh token is refused or missing', async () => {
    const credential = await issued(server);
    server.revokeAllRefreshTokens();
    expect(await refresher.refresh({ credential, authScheme: schemeOf(server) })).toBeUndefined();
    const { refreshToken: _dropped, ...withoutRefresh } = credential.oauth2!;
    expect(
      await refresher.refresh({
        credential: { ...credential, oauth2: { ...withoutRefresh } },
        authScheme: schemeOf(server),
      }),
    ).toBeUndefined();
  });

  it('throws CredentialRefreshError for any other refusal', async () => {
    const credential = await issued(server);
    const badClient = { ...credential, oauth2: { ...credential.oauth2!, clientSecret: 'nope' } };
    const error = await refresher
      .refresh({ credential: badClient, authScheme: schemeOf(server) })
      .catch((caught: unknown) => caught);
    expect(CredentialRefreshError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ oauthError: 'invalid_client', status: 401 });
  });
});
