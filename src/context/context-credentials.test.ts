import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { NotSupportedError } from '../errors/not-supported-error.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import { Context } from './context.js';

const SCHEME = {
  type: 'oauth2',
  flows: { authorizationCode: { authorizationUrl: 'https://idp/a', tokenUrl: 'https://idp/t' } },
} as const;

async function toolContext(): Promise<Context> {
  return new Context(await createTestInvocationContext(), { functionCallId: 'call-1' });
}

describe('Context.requestCredential (Python AuthHandler.generate_auth_request)', () => {
  it('an OAuth2 request carries the authorization URI the tool set, never the client secret', async () => {
    const context = await toolContext();
    context.requestCredential({
      authScheme: SCHEME,
      rawAuthCredential: {
        authType: 'oauth2',
        oauth2: {
          clientId: 'cid',
          clientSecret: 'secret',
          authUri: 'https://idp/a?x',
          state: 'st',
        },
      },
    });
    const request = context.actions.requestedAuthConfigs['call-1']!;
    expect(request.exchangedAuthCredential?.oauth2).toMatchObject({
      clientId: 'cid',
      authUri: 'https://idp/a?x',
      state: 'st',
    });
    expect(JSON.stringify(request)).not.toMatch(/top-s3cret|clientSecret/);
    expect(request.credentialKey).toMatch(/^adk_oauth2_[0-9a-f]{16}_oauth2_[0-9a-f]{16}$/);
  });

  it('building the authorization URI is refused with NotSupportedError; a bad config is an InvalidArgumentError', async () => {
    const context = await toolContext();
    expect(() =>
      context.requestCredential({
        authScheme: SCHEME,
        rawAuthCredential: { authType: 'oauth2', oauth2: { clientId: 'cid', clientSecret: 's' } },
      }),
    ).toThrow(NotSupportedError);
    expect(() => context.requestCredential({ authScheme: SCHEME })).toThrow(InvalidArgumentError);
    expect(() => context.requestCredential({ authScheme: { type: 'apiKey' } } as never)).toThrow(
      InvalidArgumentError,
    );
    expect(context.actions.requestedAuthConfigs).toEqual({});
  });
});
