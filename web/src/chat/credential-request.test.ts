import { describe, expect, it } from 'vitest';
import {
  authorizationError,
  credentialPrompt,
  credentialResponse,
  oauthRedirectUri,
  oauthResponse,
  withRedirectUri,
} from './credential-request';

const apiKeyArgs = {
  functionCallId: 'call-1',
  authConfig: {
    authScheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
    rawAuthCredential: { authType: 'apiKey' },
    credentialKey: 'adk_apiKey_x',
  },
};

const oauthArgs = {
  functionCallId: 'call-2',
  authConfig: {
    authScheme: { type: 'oauth2', flows: { authorizationCode: {} } },
    rawAuthCredential: { authType: 'oauth2', oauth2: { clientId: 'dev-ui' } },
    exchangedAuthCredential: {
      authType: 'oauth2',
      oauth2: {
        clientId: 'dev-ui',
        authUri: 'http://127.0.0.1:9/authorize?response_type=code&state=s-1',
        state: 's-1',
      },
    },
    credentialKey: 'adk_oauth2_x',
  },
};

describe('credentialPrompt', () => {
  it('reads what the scheme asks for', () => {
    expect(credentialPrompt(apiKeyArgs)).toEqual({
      kind: 'apiKey',
      location: 'header',
      name: 'X-Api-Key',
    });
    const http = (scheme: string) => ({
      authConfig: { authScheme: { type: 'http', scheme }, rawAuthCredential: { authType: 'http' } },
    });
    expect(credentialPrompt(http('Bearer'))).toEqual({ kind: 'bearer' });
    expect(credentialPrompt(http('basic'))).toEqual({ kind: 'basic' });
    expect(credentialPrompt(http('digest')).kind).toBe('unsupported');
    expect(credentialPrompt(oauthArgs)).toEqual({
      kind: 'oauth2',
      authUri: oauthArgs.authConfig.exchangedAuthCredential.oauth2.authUri,
    });
  });

  it('accepts snake_case args, as a Python server may write them', () => {
    expect(
      credentialPrompt({
        auth_config: {
          auth_scheme: { type: 'openIdConnect', openIdConnectUrl: 'x' },
          exchanged_auth_credential: { oauth2: { auth_uri: 'http://idp/authorize?a=1' } },
        },
      }),
    ).toEqual({ kind: 'oauth2', authUri: 'http://idp/authorize?a=1' });
  });

  it('says why it cannot ask: no scheme, OAuth2 without an authorization URI', () => {
    expect(credentialPrompt({}).kind).toBe('unsupported');
    const noUri = { authConfig: { authScheme: { type: 'oauth2', flows: {} } } };
    expect(credentialPrompt(noUri)).toEqual({
      kind: 'unsupported',
      reason: 'The server sent no authorization URI to sign in at.',
    });
  });
});

describe('the function responses', () => {
  it('answer a typed secret with the auth config, exchangedAuthCredential filled in', () => {
    expect(credentialResponse(apiKeyArgs, { kind: 'apiKey', apiKey: 'k-1' })).toEqual({
      ...apiKeyArgs.authConfig,
      exchangedAuthCredential: { authType: 'apiKey', apiKey: 'k-1' },
    });
    expect(credentialResponse(apiKeyArgs, { kind: 'bearer', token: 't' })).toMatchObject({
      exchangedAuthCredential: {
        authType: 'http',
        http: { scheme: 'bearer', credentials: { token: 't' } },
      },
    });
    expect(
      credentialResponse(apiKeyArgs, { kind: 'basic', username: 'ada', password: 'pw' }),
    ).toMatchObject({
      exchangedAuthCredential: {
        authType: 'http',
        http: { scheme: 'basic', credentials: { username: 'ada', password: 'pw' } },
      },
    });
  });

  it('answer a sign-in as adk-web does: authResponseUri and redirectUri on the exchanged credential', () => {
    const back = 'http://127.0.0.1:8000/dev-ui/?code=c-1&state=s-1';
    const response = oauthResponse(oauthArgs, back, 'http://127.0.0.1:8000/dev-ui/');
    expect(response).toEqual({
      ...oauthArgs.authConfig,
      exchangedAuthCredential: {
        authType: 'oauth2',
        oauth2: {
          ...oauthArgs.authConfig.exchangedAuthCredential.oauth2,
          authResponseUri: back,
          redirectUri: 'http://127.0.0.1:8000/dev-ui/',
        },
      },
    });
    // The call's own arguments are left as they were.
    expect(oauthArgs.authConfig.exchangedAuthCredential.oauth2).not.toHaveProperty('redirectUri');
  });
});

describe('the OAuth2 addresses', () => {
  it('redirects to the dev UI page itself, under any proxy prefix', () => {
    expect(oauthRedirectUri({ origin: 'http://127.0.0.1:8000', pathname: '/dev-ui/' })).toBe(
      'http://127.0.0.1:8000/dev-ui/',
    );
    expect(oauthRedirectUri({ origin: 'https://h', pathname: '/adk/dev-ui/sessions' })).toBe(
      'https://h/adk/dev-ui/',
    );
  });

  it('replaces redirect_uri in the authorization URI and keeps the rest', () => {
    const url = new URL(
      withRedirectUri('http://idp/authorize?state=s&redirect_uri=http%3A%2F%2Fold', 'http://new/'),
    );
    expect(url.searchParams.get('redirect_uri')).toBe('http://new/');
    expect(url.searchParams.get('state')).toBe('s');
  });

  it('tells an authorization error from a code', () => {
    expect(authorizationError('http://h/dev-ui/?code=c&state=s')).toBeUndefined();
    expect(authorizationError('http://h/dev-ui/?error=access_denied&state=s')).toBe(
      'access_denied',
    );
    expect(
      authorizationError('http://h/dev-ui/?error=access_denied&error_description=No%20way'),
    ).toBe('access_denied: No way');
    expect(authorizationError('http://h/dev-ui/?state=s')).toMatch(/no authorization code/);
  });
});
