import { beforeEach, describe, expect, it } from 'vitest';
import type { AuthConfigInput } from '../auth/auth-config.js';
import { Context } from '../context/context.js';
import type { CredentialService } from '../context/credential-service.js';
import { createTestInvocationContext } from './test-invocation-context.js';

const SCHEME = { type: 'http', scheme: 'bearer' } as const;

/** A config holding a bearer token as its exchanged credential, under `credentialKey` when given. */
function bearerConfig(token: string, credentialKey?: string): AuthConfigInput {
  return {
    authScheme: SCHEME,
    exchangedAuthCredential: {
      authType: 'http',
      http: { scheme: 'bearer', credentials: { token } },
    },
    ...(credentialKey === undefined ? {} : { credentialKey }),
  };
}

/**
 * The behavioural suite every `CredentialService` must pass (Python
 * `BaseCredentialService`): a saved credential loads back equal and as a
 * copy, nothing loads before a save, a config without an exchanged
 * credential saves nothing, the credential key separates credentials (the
 * derived one as well as a given one), and a later save replaces an earlier
 * one. Each test uses a fresh service from `makeService` and goes through
 * `Context.saveCredential`/`loadCredential`, as tools do.
 */
export function runCredentialServiceSuite(
  name: string,
  makeService: () => CredentialService | Promise<CredentialService>,
): void {
  describe(`${name} (credential service suite)`, () => {
    let context: Context;

    beforeEach(async () => {
      const credentialService = await makeService();
      context = new Context(await createTestInvocationContext({ credentialService }), {
        functionCallId: 'call-1',
      });
    });

    it('loads nothing before a save', async () => {
      expect(await context.loadCredential(bearerConfig('unused'))).toBeUndefined();
    });

    it('loads back what was saved, as a copy', async () => {
      await context.saveCredential(bearerConfig('t-1'));
      const loaded = await context.loadCredential({ authScheme: SCHEME });
      expect(loaded).toEqual({
        authType: 'http',
        http: { scheme: 'bearer', credentials: { token: 't-1' } },
      });
      loaded!.http!.credentials.token = 'changed';
      expect((await context.loadCredential({ authScheme: SCHEME }))?.http?.credentials.token).toBe(
        't-1',
      );
    });

    it('a config without an exchanged credential saves nothing', async () => {
      await context.saveCredential({ authScheme: SCHEME });
      expect(await context.loadCredential({ authScheme: SCHEME })).toBeUndefined();
    });

    it('the credential key separates credentials', async () => {
      await context.saveCredential(bearerConfig('a', 'key-a'));
      await context.saveCredential(bearerConfig('b', 'key-b'));
      await context.saveCredential({
        ...bearerConfig('basic'),
        authScheme: { type: 'http', scheme: 'basic' },
      });
      const token = async (config: AuthConfigInput) =>
        (await context.loadCredential(config))?.http?.credentials.token;
      expect(await token(bearerConfig('', 'key-a'))).toBe('a');
      expect(await token(bearerConfig('', 'key-b'))).toBe('b');
      expect(await token({ authScheme: { type: 'http', scheme: 'basic' } })).toBe('basic');
      expect(await token({ authScheme: SCHEME })).toBeUndefined();
    });

    it('a later save replaces an earlier one', async () => {
      await context.saveCredential(bearerConfig('old', 'key'));
      await context.saveCredential(bearerConfig('new', 'key'));
      expect((await context.loadCredential(bearerConfig('', 'key')))?.http?.credentials.token).toBe(
        'new',
      );
    });
  });
}
