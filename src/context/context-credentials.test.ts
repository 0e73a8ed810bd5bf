import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
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

  it('builds the authorization URI from the scheme and client; a bad config is an InvalidArgumentError', async () => {
    const context = await toolContext();
    context.requestCredential({
      authScheme: SCHEME,
      rawAuthCredential: { authType: 'oauth2', oauth2: { clientId: 'cid', clientSecret: 's' } },
    });
    const sent = context.actions.requestedAuthConfigs['call-1']!.exchangedAuthCredential!.oauth2!;
    const uri = new URL(sent.authUri!);
    expect(uri.origin + uri.pathname).toBe('https://idp/a');
    expect(uri.searchParams.get('client_id')).toBe('cid');
    expect(uri.searchParams.get('state')).toBe(sent.state);
    expect(sent.clientSecret).toBeUndefined();
    delete context.actions.requestedAuthConfigs['call-1'];
    expect(() =>
      context.requestCredential({
        authScheme: SCHEME,
        rawAuthCredential: { authType: 'oauth2', oauth2: { clientSecret: 's' } },
      }),
    ).toThrow(InvalidArgumentError);
    expect(() => context.requestCredential({ authScheme: SCHEME })).toThrow(InvalidArgumentError);
    expect(() => context.requestCredential({ authScheme: { type: 'apiKey' } } as never)).toThrow(
      InvalidArgumentError,
    );
    expect(context.actions.requestedAuthConfigs).toEqual({});
  });
});
