import { describe, expect, it } from 'vitest';
import { REDACTED, redactCredentials } from './redact-credentials.js';

describe('redactCredentials', () => {
  it('replaces the secrets of credentials at any depth, camelCase and snake_case', () => {
    const answer = {
      authScheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      credentialKey: 'adk_apiKey_1',
      exchangedAuthCredential: { authType: 'apiKey', apiKey: 'k-1' },
      raw_auth_credential: {
        auth_type: 'oauth2',
        oauth2: {
          client_id: 'c',
          client_secret: 's',
          access_token: 'a',
          refresh_token: 'r',
          code_verifier: 'v',
        },
      },
    };
    const state = {
      'temp:adk_http_1': {
        authType: 'http',
        http: { scheme: 'bearer', credentials: { token: 't', username: 'ada' } },
      },
      list: [{ authType: 'http', http: { scheme: 'basic', credentials: { password: 'p' } } }],
      note: { token: 'not a credential' },
    };
    expect(redactCredentials({ answer, state })).toEqual({
      answer: {
        ...answer,
        exchangedAuthCredential: { authType: 'apiKey', apiKey: REDACTED },
        raw_auth_credential: {
          auth_type: 'oauth2',
          oauth2: {
            client_id: 'c',
            client_secret: REDACTED,
            access_token: REDACTED,
            refresh_token: REDACTED,
            code_verifier: REDACTED,
          },
        },
      },
      state: {
        'temp:adk_http_1': {
          authType: 'http',
          http: { scheme: 'bearer', credentials: { token: REDACTED, username: 'ada' } },
        },
        list: [
          { authType: 'http', http: { scheme: 'basic', credentials: { password: REDACTED } } },
        ],
        note: { token: 'not a credential' },
      },
    });
    // The input is untouched.
    expect(answer.exchangedAuthCredential.apiKey).toBe('k-1');
  });

  it('redacts a credential met twice, and stops at a cycle', () => {
    const credential = { authType: 'apiKey', apiKey: 'k' };
    const cyclic: Record<string, unknown> = { a: credential, b: credential };
    cyclic['self'] = cyclic;
    const copy = redactCredentials(cyclic) as Record<string, unknown>;
    expect(copy['a']).toEqual({ authType: 'apiKey', apiKey: REDACTED });
    expect(copy['b']).toEqual({ authType: 'apiKey', apiKey: REDACTED });
    expect(copy['self']).toBe('<cycle>');
  });
});
