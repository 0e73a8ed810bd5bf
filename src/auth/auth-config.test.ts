import { describe, expect, it } from 'vitest';
import { parseAuthConfig, parseAuthToolArguments } from './auth-config.js';
import { readAuthResponse } from './read-auth-response.js';

const OAUTH2_SCHEME = {
  type: 'oauth2',
  flows: {
    authorizationCode: {
      authorizationUrl: 'https://idp.example/auth',
      tokenUrl: 'https://idp.example/token',
      scopes: { read: 'Read' },
    },
  },
} as const;
const OAUTH2_CLIENT = {
  authType: 'oauth2',
  oauth2: { clientId: 'cid', clientSecret: 'secret', redirectUri: 'https://app.example/cb' },
} as const;
// Computed with Python's hashlib/json as AuthConfig.get_credential_key does
// (tokenEndpointAuthMethod is the model's default, so Python dumps it).
const OAUTH2_KEY = 'adk_oauth2_424505d65ccb4913_oauth2_ccce359a7ad8fb47';

describe('AuthConfig (Python auth_tool.AuthConfig)', () => {
  it("derives Python's credential key, ignoring the OAuth2 fields a flow changes", () => {
    expect(
      parseAuthConfig({ authScheme: OAUTH2_SCHEME, rawAuthCredential: OAUTH2_CLIENT })
        .credentialKey,
    ).toBe(OAUTH2_KEY);
    const midFlow = {
      authType: 'oauth2',
      oauth2: { ...OAUTH2_CLIENT.oauth2, authUri: 'https://x', state: 's', accessToken: 't' },
    };
    expect(
      parseAuthConfig({ authScheme: OAUTH2_SCHEME, rawAuthCredential: midFlow }).credentialKey,
    ).toBe(OAUTH2_KEY);
    expect(
      parseAuthConfig({
        authScheme: { ...OAUTH2_SCHEME, description: 'other' },
        rawAuthCredential: OAUTH2_CLIENT,
      }).credentialKey,
    ).not.toBe(OAUTH2_KEY);
  });

  it('reads snake_case as Python accepts it, and writes camelCase with the defaults', () => {
    const config = parseAuthConfig({
      auth_scheme: OAUTH2_SCHEME,
      raw_auth_credential: {
        auth_type: 'oauth2',
        oauth2: {
          client_id: 'cid',
          client_secret: 'secret',
          redirect_uri: 'https://app.example/cb',
        },
      },
    });
    expect(config).toEqual({
      authScheme: OAUTH2_SCHEME,
      rawAuthCredential: {
        authType: 'oauth2',
        oauth2: { ...OAUTH2_CLIENT.oauth2, tokenEndpointAuthMethod: 'client_secret_basic' },
      },
      credentialKey: OAUTH2_KEY,
    });
  });

  it('keeps header names and an OAuth2 token response as written', () => {
    const config = parseAuthConfig({
      auth_scheme: { type: 'http', scheme: 'bearer' },
      exchanged_auth_credential: {
        auth_type: 'http',
        http: {
          scheme: 'bearer',
          credentials: { token: 't' },
          additional_headers: { X_Trace: '1' },
        },
        oauth2: { token: { access_token: 'a', expires_in: 60 } },
      },
    });
    expect(config.exchangedAuthCredential?.http?.additionalHeaders).toEqual({ X_Trace: '1' });
    expect(config.exchangedAuthCredential?.oauth2?.token).toEqual({
      access_token: 'a',
      expires_in: 60,
    });
  });

  it('keeps a given key, or one the scheme carries as an extra field', () => {
    expect(
      parseAuthConfig({ authScheme: OAUTH2_SCHEME, credentialKey: 'mine' }).credentialKey,
    ).toBe('mine');
    expect(
      parseAuthConfig({ authScheme: { ...OAUTH2_SCHEME, credential_key: 'on-scheme' } })
        .credentialKey,
    ).toBe('on-scheme');
  });

  it('rejects what is not an auth config', () => {
    expect(() => parseAuthConfig({ authScheme: { type: 'apiKey' } })).toThrow();
    expect(() => parseAuthConfig({ authScheme: { type: 'kerberos' } })).toThrow();
    expect(parseAuthToolArguments({ functionCallId: 'c', authConfig: {} })).toBeUndefined();
    expect(
      parseAuthToolArguments({ function_call_id: 'c', auth_config: { auth_scheme: OAUTH2_SCHEME } })
        ?.functionCallId,
    ).toBe('c');
  });
});

describe('readAuthResponse (Python AuthHandler.get_auth_response)', () => {
  const config = parseAuthConfig({
    authScheme: { type: 'http', scheme: 'bearer' },
    credentialKey: 'k',
  });

  it('reads temp:<key> first, then <key>; a string is the secret the scheme takes', () => {
    const state: Record<string, unknown> = { k: 'plain-token' };
    expect(readAuthResponse(config, (key) => state[key])).toEqual({
      authType: 'http',
      http: { scheme: 'bearer', credentials: { token: 'plain-token' } },
    });
    state['temp:k'] = { authType: 'http', http: { scheme: 'bearer', credentials: { token: 't' } } };
    expect(readAuthResponse(config, (key) => state[key])?.http?.credentials.token).toBe('t');
    expect(readAuthResponse(config, () => undefined)).toBeUndefined();
  });

  it("puts back the tool's OAuth2 client, which session state does not hold", () => {
    const oauth = parseAuthConfig({ authScheme: OAUTH2_SCHEME, rawAuthCredential: OAUTH2_CLIENT });
    const stored = { authType: 'oauth2', oauth2: { accessToken: 'at', clientId: 'forged' } };
    expect(readAuthResponse(oauth, () => stored)?.oauth2).toMatchObject({
      accessToken: 'at',
      clientId: 'cid',
      clientSecret: 'secret',
    });
  });
});
