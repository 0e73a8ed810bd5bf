import { describe, expect, it } from 'vitest';
import type { WireEvent } from '../api/types';
import { HIDDEN_SECRET, hideCredentialSecrets } from './hidden-secrets';

function answer(response: Record<string, unknown>): WireEvent {
  return {
    id: 'e1',
    invocationId: 'inv',
    author: 'user',
    timestamp: 1,
    content: {
      role: 'user',
      parts: [{ functionResponse: { id: 'c1', name: 'adk_request_credential', response } }],
    },
  };
}

describe('hideCredentialSecrets', () => {
  it('hides the secrets of an answer to adk_request_credential, keeps the rest', () => {
    const event = answer({
      authScheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      exchangedAuthCredential: { authType: 'apiKey', apiKey: 'k-secret' },
      credentialKey: 'adk_k',
    });
    const shown = hideCredentialSecrets(event);
    expect(JSON.stringify(shown)).not.toContain('k-secret');
    expect(shown.content?.parts?.[0]?.functionResponse?.response).toEqual({
      authScheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      exchangedAuthCredential: { authType: 'apiKey', apiKey: HIDDEN_SECRET },
      credentialKey: 'adk_k',
    });
    // The stored event is not changed.
    expect(JSON.stringify(event)).toContain('k-secret');
  });

  it('hides tokens, passwords and the OAuth2 authorization response, in either casing', () => {
    const shown = JSON.stringify(
      hideCredentialSecrets(
        answer({
          exchanged_auth_credential: {
            http: { credentials: { token: 't-secret', password: 'p-secret', username: 'ada' } },
            oauth2: {
              auth_response_uri: 'http://h/?code=c-secret',
              accessToken: 'a-secret',
              redirectUri: 'http://h/dev-ui/',
            },
          },
        }),
      ),
    );
    for (const secret of ['t-secret', 'p-secret', 'c-secret', 'a-secret']) {
      expect(shown).not.toContain(secret);
    }
    expect(shown).toContain('ada');
    expect(shown).toContain('http://h/dev-ui/');
  });

  it('leaves other events and other function responses alone', () => {
    const other: WireEvent = {
      ...answer({ token: 'not a credential answer' }),
      content: {
        parts: [{ functionResponse: { name: 'get_weather', response: { token: 'x' } } }],
      },
    };
    expect(hideCredentialSecrets(other)).toBe(other);
  });
});
