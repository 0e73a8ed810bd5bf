import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { parseAuthConfig, type AuthConfigInput } from '../auth-config.js';
import { generateAuthUri } from './authorization-uri.js';

const scheme = {
  type: 'oauth2',
  flows: {
    authorizationCode: {
      authorizationUrl: 'https://idp.example/authorize?tenant=t1',
      tokenUrl: 'https://idp.example/token',
      scopes: { read: 'Read', write: 'Write' },
    },
  },
} as const;

function uriOf(input: AuthConfigInput) {
  const credential = generateAuthUri(parseAuthConfig(input));
  return { credential, params: new URL(credential.oauth2!.authUri!).searchParams };
}

describe('generateAuthUri (Python AuthHandler.generate_auth_uri)', () => {
  it('builds the code flow URI of a confidential client: scopes, random state, no PKCE', () => {
    const input: AuthConfigInput = {
      authScheme: scheme,
      rawAuthCredential: {
        authType: 'oauth2',
        oauth2: { clientId: 'cid', clientSecret: 'sec', redirectUri: 'https://app/cb' },
      },
    };
    const { credential, params } = uriOf(input);
    expect(Object.fromEntries(params)).toEqual({
      tenant: 't1',
      response_type: 'code',
      client_id: 'cid',
      redirect_uri: 'https://app/cb',
      scope: 'read write',
      state: credential.oauth2!.state,
      access_type: 'offline',
      prompt: 'consent',
    });
    expect(credential.oauth2!.state!.length).toBeGreaterThanOrEqual(32);
    expect(uriOf(input).credential.oauth2!.state).not.toBe(credential.oauth2!.state);
    expect(credential.oauth2).toMatchObject({ clientId: 'cid', clientSecret: 'sec' });
    expect(credential.oauth2!.codeVerifier).toBeUndefined();
  });

  it('uses PKCE S256 for a public client and when asked, keeping the verifier with the credential', () => {
    for (const oauth2 of [
      { clientId: 'public' },
      { clientId: 'cid', clientSecret: 'sec', codeChallengeMethod: 'S256' },
    ]) {
      const { credential, params } = uriOf({
        authScheme: scheme,
        rawAuthCredential: { authType: 'oauth2', oauth2 },
      });
      const verifier = credential.oauth2!.codeVerifier!;
      expect(verifier.length).toBeGreaterThanOrEqual(43);
      expect(params.get('code_challenge')).toBe(
        createHash('sha256').update(verifier).digest('base64url'),
      );
      expect(params.get('code_challenge_method')).toBe('S256');
      expect(params.has('redirect_uri')).toBe(false);
      expect(credential.oauth2!.codeChallengeMethod).toBe('S256');
    }
  });

  it('takes OpenID Connect endpoints and scopes, prompt, audience and nonce', () => {
    const { params } = uriOf({
      authScheme: {
        type: 'openIdConnect',
        authorization_endpoint: 'https://op.example/auth',
        token_endpoint: 'https://op.example/token',
        scopes: ['openid', 'email'],
      },
      rawAuthCredential: {
        authType: 'openIdConnect',
        oauth2: {
          clientId: 'cid',
          clientSecret: 's',
          prompt: 'login',
          audience: 'api',
          nonce: 'n1',
        },
      },
    });
    expect(params.get('scope')).toBe('openid email');
    expect(params.get('prompt')).toBe('login');
    expect(params.get('audience')).toBe('api');
    expect(params.get('nonce')).toBe('n1');
  });

  it('refuses a config without client id, without endpoint, or with a plain challenge', () => {
    const bad: AuthConfigInput[] = [
      { authScheme: scheme, rawAuthCredential: { authType: 'oauth2', oauth2: {} } },
      {
        authScheme: { type: 'openIdConnect', openIdConnectUrl: 'https://op/.well-known/x' },
        rawAuthCredential: { authType: 'oauth2', oauth2: { clientId: 'c' } },
      },
      {
        authScheme: scheme,
        rawAuthCredential: {
          authType: 'oauth2',
          oauth2: { clientId: 'c', codeChallengeMethod: 'plain' },
        },
      },
    ];
    for (const input of bad) {
      expect(() => generateAuthUri(parseAuthConfig(input))).toThrow(InvalidArgumentError);
    }
  });
});
