import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OAUTH2_CLIENT_ID,
  OAUTH2_CLIENT_SECRET,
  signIn,
  startOAuth2Server,
  type OAuth2Server,
} from '../../../test/oauth/oauth2-server.js';
import { CredentialExchangeError } from '../../errors/credential-exchange-error.js';
import { parseAuthConfig, type AuthConfigInput } from '../auth-config.js';
import { AuthCredential } from '../auth-credential.js';
import type { AuthScheme } from '../auth-schemes.js';
import { generateAuthUri } from '../oauth2/authorization-uri.js';
import { OAuth2CredentialExchanger } from './oauth2-credential-exchanger.js';
import { ServiceAccountCredentialExchanger } from './service-account-credential-exchanger.js';

const REDIRECT_URI = 'http://127.0.0.1:9/callback';
let server: OAuth2Server;
beforeAll(async () => {
  server = await startOAuth2Server({
    clients: [
      { clientId: OAUTH2_CLIENT_ID, clientSecret: OAUTH2_CLIENT_SECRET },
      { clientId: 'public-1', redirectUris: [REDIRECT_URI] },
    ],
  });
});
afterAll(() => server.close());

const exchanger = new OAuth2CredentialExchanger();

function codeFlowScheme(): AuthScheme {
  return {
    type: 'oauth2',
    flows: {
      authorizationCode: {
        authorizationUrl: server.authorizationEndpoint,
        tokenUrl: server.tokenEndpoint,
        scopes: { read: 'Read' },
      },
    },
  };
}

/** Builds the authorization URI, signs in, and returns the credential the client would answer with. */
async function answeredCredential(oauth2: Record<string, unknown>) {
  const input: AuthConfigInput = {
    authScheme: codeFlowScheme(),
    rawAuthCredential: AuthCredential.parse({
      authType: 'oauth2',
      oauth2: { redirectUri: REDIRECT_URI, ...oauth2 },
    }),
  };
  const requested = generateAuthUri(parseAuthConfig(input));
  const authResponseUri = await signIn(requested.oauth2!.authUri!);
  return { ...requested, oauth2: { ...requested.oauth2!, authResponseUri } };
}

describe('OAuth2CredentialExchanger against a local authorization server', () => {
  it('exchanges the code with client_secret_basic, and with client_secret_post', async () => {
    for (const method of ['client_secret_basic', 'client_secret_post'] as const) {
      const credential = await answeredCredential({
        clientId: OAUTH2_CLIENT_ID,
        clientSecret: OAUTH2_CLIENT_SECRET,
        tokenEndpointAuthMethod: method,
      });
      const before = server.requests.length;
      const result = await exchanger.exchange({ credential, authScheme: codeFlowScheme() });

      expect(result.wasExchanged).toBe(true);
      const oauth2 = result.credential.oauth2!;
      expect(server.accessTokenIsValid(oauth2.accessToken)).toBe(true);
      expect(oauth2.refreshToken).toMatch(/^rt-/);
      expect(oauth2.expiresIn).toBe(3600);
      expect(oauth2.expiresAt).toBeGreaterThan(Date.now() / 1000 + 3000);
      const tokenRequest = server.requests.slice(before).find((r) => r.url === '/token')!;
      expect(tokenRequest.form).toMatchObject({
        grant_type: 'authorization_code',
        redirect_uri: REDIRECT_URI,
      });
      if (method === 'client_secret_basic') {
        expect(tokenRequest.headers.authorization).toMatch(/^Basic /);
        expect(tokenRequest.form['client_secret']).toBeUndefined();
      } else {
        expect(tokenRequest.headers.authorization).toBeUndefined();
        expect(tokenRequest.form['client_secret']).toBe(OAUTH2_CLIENT_SECRET);
      }
    }
  });

  it('exchanges for a public client with the PKCE verifier and no secret', async () => {
    const credential = await answeredCredential({ clientId: 'public-1' });
    expect(credential.oauth2.codeVerifier).toBeDefined();
    const result = await exchanger.exchange({ credential, authScheme: codeFlowScheme() });
    expect(server.accessTokenIsValid(result.credential.oauth2!.accessToken)).toBe(true);
    const last = server.requests.at(-1)!;
    expect(last.form['code_verifier']).toBe(credential.oauth2.codeVerifier);

    const wrong = await answeredCredential({ clientId: 'public-1' });
    wrong.oauth2.codeVerifier = 'x'.repeat(43);
    const error = await exchanger
      .exchange({ credential: wrong, authScheme: codeFlowScheme() })
      .catch((caught: unknown) => caught);
    expect(CredentialExchangeError.isInstance(error) && error.oauthError).toBe('invalid_grant');
  });

  it('refuses a used code, and a state that is not the one issued, with CredentialExchangeError', async () => {
    const credential = await answeredCredential({
      clientId: OAUTH2_CLIENT_ID,
      clientSecret: OAUTH2_CLIENT_SECRET,
    });
    await exchanger.exchange({ credential, authScheme: codeFlowScheme() });
    const reused = await exchanger
      .exchange({ credential, authScheme: codeFlowScheme() })
      .catch((caught: unknown) => caught);
    expect(CredentialExchangeError.isInstance(reused)).toBe(true);
    expect(reused).toMatchObject({ oauthError: 'invalid_grant', status: 400 });
    expect((reused as Error).message).toContain('invalid_grant');

    const forged = await answeredCredential({
      clientId: OAUTH2_CLIENT_ID,
      clientSecret: OAUTH2_CLIENT_SECRET,
    });
    forged.oauth2.state = 'another-state';
    const requestsBefore = server.requests.length;
    await expect(
      exchanger.exchange({ credential: forged, authScheme: codeFlowScheme() }),
    ).rejects.toThrow(/state/);
    expect(server.requests.length).toBe(requestsBefore);
  });

  it('gets a client credentials token with the flow scopes; a bad secret is refused', async () => {
    const scheme: AuthScheme = {
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl: server.tokenEndpoint, scopes: { read: 'Read' } } },
    };
    const credential = AuthCredential.parse({
      authType: 'oauth2',
      oauth2: { clientId: OAUTH2_CLIENT_ID, clientSecret: OAUTH2_CLIENT_SECRET },
    });
    const result = await exchanger.exchange({ credential, authScheme: scheme });
    expect(result.wasExchanged).toBe(true);
    expect(server.accessTokenIsValid(result.credential.oauth2!.accessToken)).toBe(true);
    expect(server.requests.at(-1)!.form).toMatchObject({
      grant_type: 'client_credentials',
      scope: 'read',
    });

    const bad = { ...credential, oauth2: { ...credential.oauth2!, clientSecret: 'nope' } };
    await expect(exchanger.exchange({ credential: bad, authScheme: scheme })).rejects.toMatchObject(
      {
        oauthError: 'invalid_client',
        status: 401,
      },
    );
  });

  it('leaves alone a credential with an access token, or a code flow not answered yet', async () => {
    const withToken = AuthCredential.parse({ authType: 'oauth2', oauth2: { accessToken: 'a' } });
    const unanswered = AuthCredential.parse({
      authType: 'oauth2',
      oauth2: { clientId: 'c', clientSecret: 's' },
    });
    for (const credential of [withToken, unanswered]) {
      const result = await exchanger.exchange({ credential, authScheme: codeFlowScheme() });
      expect(result).toEqual({ credential, wasExchanged: false });
    }
  });

  it('refuses a Google service account exchange, naming the service', async () => {
    const credential = AuthCredential.parse({
      authType: 'serviceAccount',
      serviceAccount: { useDefaultCredential: true },
    });
    await expect(
      new ServiceAccountCredentialExchanger().exchange({
        credential,
        authScheme: codeFlowScheme(),
      }),
    ).rejects.toThrow(/Google/);
  });
});
