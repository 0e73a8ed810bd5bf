import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPetStore, type PetStore } from '../openapi/pet-store.js';
import {
  OAUTH2_CLIENT_ID,
  OAUTH2_CLIENT_SECRET,
  startOAuth2Server,
  type OAuth2Server,
} from './oauth2-server.js';

let server: OAuth2Server;
let store: PetStore;
beforeAll(async () => {
  server = await startOAuth2Server();
  store = await startPetStore({ oauth2TokenIsValid: (token) => server.accessTokenIsValid(token) });
});
afterAll(async () => {
  await store.close();
  await server.close();
});

const redirectUri = 'http://127.0.0.1:1/callback';

async function authorize(extra: Record<string, string> = {}): Promise<URL> {
  const url = new URL(server.authorizationEndpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: OAUTH2_CLIENT_ID,
    redirect_uri: redirectUri,
    state: 's1',
    scope: 'read',
    ...extra,
  }).toString();
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

async function token(form: Record<string, string>, basic = false) {
  const headers: Record<string, string> = {};
  if (basic) {
    headers['authorization'] =
      'Basic ' + Buffer.from(`${OAUTH2_CLIENT_ID}:${OAUTH2_CLIENT_SECRET}`).toString('base64');
  } else {
    form = { ...form, client_id: OAUTH2_CLIENT_ID, client_secret: OAUTH2_CLIENT_SECRET };
  }
  const response = await fetch(server.tokenEndpoint, {
    method: 'POST',
    headers,
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe('the test OAuth2 server', () => {
  it('runs the code flow with PKCE, refresh and expiry against the pet store', async () => {
    const verifier = 'v'.repeat(50);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const back = await authorize({ code_challenge: challenge, code_challenge_method: 'S256' });
    expect(back.searchParams.get('state')).toBe('s1');
    const code = back.searchParams.get('code') ?? '';
    const bad = await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    expect(bad).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const back2 = await authorize({ code_challenge: challenge, code_challenge_method: 'S256' });
    const granted = await token(
      {
        grant_type: 'authorization_code',
        code: back2.searchParams.get('code') ?? '',
        redirect_uri: redirectUri,
        code_verifier: verifier,
      },
      true,
    );
    expect(granted.status).toBe(200);
    const orders = () =>
      fetch(`${store.baseUrl}/orders`, {
        headers: { authorization: `Bearer ${granted.body['access_token']}` },
      });
    expect((await orders()).status).toBe(200);
    server.expireAllAccessTokens();
    expect((await orders()).status).toBe(401);
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: granted.body['refresh_token'] ?? '',
    });
    expect(server.accessTokenIsValid(refreshed.body['access_token'])).toBe(true);
    expect(server.grantsIssued).toMatchObject({ authorization_code: 1, refresh_token: 1 });
  });

  it('serves client credentials and refuses bad clients', async () => {
    const granted = await token({ grant_type: 'client_credentials', scope: 'read' });
    expect(granted.body).toMatchObject({ token_type: 'Bearer', scope: 'read' });
    expect(granted.body['refresh_token']).toBeUndefined();
    const response = await fetch(server.tokenEndpoint, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'x' }),
    });
    expect(response.status).toBe(401);
    const discovery = (await (await fetch(server.discoveryUrl)).json()) as { issuer: string };
    expect(discovery.issuer).toBe(server.issuer);
  });
});
