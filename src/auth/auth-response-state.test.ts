import { describe, expect, it } from 'vitest';
import { InvalidAuthResponseError } from '../errors/invalid-auth-response-error.js';
import { parseAuthConfig } from './auth-config.js';
import { pinAuthResponse } from './auth-response.js';

const requested = parseAuthConfig({
  authScheme: {
    type: 'oauth2',
    flows: { authorizationCode: { authorizationUrl: 'https://idp/a', tokenUrl: 'https://idp/t' } },
  },
  rawAuthCredential: { authType: 'oauth2', oauth2: { clientId: 'c' } },
  exchangedAuthCredential: {
    authType: 'oauth2',
    oauth2: { clientId: 'c', authUri: 'https://idp/a?state=s1', state: 's1', codeVerifier: 'v1' },
  },
});

function answer(oauth2: Record<string, unknown>) {
  return { authType: 'oauth2', oauth2: { clientId: 'c', ...oauth2 } };
}

describe('pinAuthResponse: the OAuth2 state of the answer', () => {
  it("keeps the request's state and verifier when the answer's state matches", () => {
    const pinned = pinAuthResponse({
      requested,
      functionCallId: 'f1',
      response: answer({
        authResponseUri: 'https://app/cb?code=k&state=s1',
        codeVerifier: 'chosen-by-client',
      }),
    });
    expect(pinned.exchangedAuthCredential?.oauth2).toMatchObject({
      state: 's1',
      codeVerifier: 'v1',
      authResponseUri: 'https://app/cb?code=k&state=s1',
    });
  });

  it('refuses another state, or a response URI without one, naming the call', () => {
    for (const oauth2 of [
      { authResponseUri: 'https://app/cb?code=k&state=evil' },
      { authResponseUri: 'https://app/cb?code=k' },
      { authCode: 'k', state: 'evil' },
      { authResponseUri: 'not a url' },
    ]) {
      let caught: unknown;
      try {
        pinAuthResponse({ requested, functionCallId: 'f1', response: answer(oauth2) });
      } catch (error) {
        caught = error;
      }
      expect(InvalidAuthResponseError.isInstance(caught)).toBe(true);
      expect((caught as InvalidAuthResponseError).functionCallId).toBe('f1');
    }
  });
});
