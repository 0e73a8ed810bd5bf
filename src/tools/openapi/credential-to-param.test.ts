import { describe, expect, it } from 'vitest';
import { AuthCredential } from '../../auth/auth-credential.js';
import type { AuthScheme } from '../../auth/auth-schemes.js';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { credentialToParam, INTERNAL_AUTH_PREFIX } from './credential-to-param.js';

const credential = (value: unknown) => AuthCredential.parse(value);
const bearerScheme: AuthScheme = { type: 'http', scheme: 'bearer' };

describe('credentialToParam (Python credential_to_param)', () => {
  it.each(['header', 'query', 'cookie'] as const)('puts an API key in the %s', (location) => {
    const scheme: AuthScheme = { type: 'apiKey', in: location, name: 'X-Key' };
    const auth = credentialToParam(scheme, credential({ authType: 'apiKey', apiKey: 'k1' }));
    expect(auth?.param).toMatchObject({
      originalName: 'X-Key',
      paramLocation: location,
      pyName: `${INTERNAL_AUTH_PREFIX}X-Key`,
    });
    expect(auth?.args).toEqual({ [`${INTERNAL_AUTH_PREFIX}X-Key`]: 'k1' });
  });

  it('sends an HTTP token as Bearer and user and password as Basic', () => {
    const token = credentialToParam(
      bearerScheme,
      credential({ authType: 'http', http: { scheme: 'bearer', credentials: { token: 't1' } } }),
    );
    expect(token?.param.originalName).toBe('Authorization');
    expect(Object.values(token?.args ?? {})).toEqual(['Bearer t1']);
    const basic = credentialToParam(
      { type: 'http', scheme: 'basic' },
      credential({
        authType: 'http',
        http: { scheme: 'basic', credentials: { username: 'ada', password: 'pw:1' } },
      }),
    );
    expect(Object.values(basic?.args ?? {})).toEqual([
      `Basic ${Buffer.from('ada:pw:1').toString('base64')}`,
    ]);
  });

  it('sends an OAuth2 access token as Bearer and nothing before there is one', () => {
    const scheme: AuthScheme = { type: 'oauth2', flows: {} } as AuthScheme;
    const withToken = credentialToParam(
      scheme,
      credential({ authType: 'oauth2', oauth2: { accessToken: 'a1' } }),
    );
    expect(Object.values(withToken?.args ?? {})).toEqual(['Bearer a1']);
    expect(
      credentialToParam(scheme, credential({ authType: 'oauth2', oauth2: { clientId: 'c' } })),
    ).toBeUndefined();
    expect(credentialToParam(scheme, undefined)).toBeUndefined();
  });

  it('refuses a credential the scheme cannot send', () => {
    const error = (() => {
      try {
        credentialToParam(bearerScheme, credential({ authType: 'apiKey', apiKey: 'k' }));
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(() =>
      credentialToParam(
        bearerScheme,
        credential({ authType: 'http', http: { scheme: 'bearer', credentials: {} } }),
      ),
    ).toThrow('Invalid HTTP auth credentials');
  });
});
