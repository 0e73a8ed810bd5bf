import { describe, expect, it } from 'vitest';
import type { AuthConfigInput } from '../auth/auth-config.js';
import { ServiceNotConfiguredError } from '../errors/service-not-configured-error.js';
import { runCredentialServiceSuite } from '../testing/credential-service-suite.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { Context } from './context.js';
import type { CredentialService } from './credential-service.js';
import { InMemoryCredentialService } from './in-memory-credential-service.js';
import { SessionStateCredentialService } from './session-state-credential-service.js';

runCredentialServiceSuite('InMemoryCredentialService', () => new InMemoryCredentialService());
runCredentialServiceSuite(
  'SessionStateCredentialService',
  () => new SessionStateCredentialService(),
);

const CONFIG: AuthConfigInput = {
  authScheme: { type: 'apiKey', in: 'query', name: 'key' },
  exchangedAuthCredential: { authType: 'apiKey', apiKey: 'k-1' },
  credentialKey: 'weather_key',
};

async function contextOf(
  credentialService: CredentialService,
  where: { userId?: string; sessionId?: string; sessionService?: InMemorySessionService } = {},
): Promise<Context> {
  const sessionService = where.sessionService ?? new InMemorySessionService();
  const session = await sessionService.createSession({
    appName: 'app',
    userId: where.userId ?? 'u',
    sessionId: where.sessionId ?? 's',
  });
  return new Context(
    await createTestInvocationContext({ credentialService, sessionService, session }),
  );
}

describe('credential service scopes (Python InMemory/SessionState credential services)', () => {
  it('InMemoryCredentialService: every session of the user sees it, other users do not', async () => {
    const service = new InMemoryCredentialService();
    await (await contextOf(service, { sessionId: 's1' })).saveCredential(CONFIG);
    expect(
      (await (await contextOf(service, { sessionId: 's2' })).loadCredential(CONFIG))?.apiKey,
    ).toBe('k-1');
    expect(
      await (await contextOf(service, { userId: 'other' })).loadCredential(CONFIG),
    ).toBeUndefined();
  });

  it('SessionStateCredentialService: a state write under the key, committed with the next event', async () => {
    const service = new SessionStateCredentialService();
    const context = await contextOf(service, { sessionId: 's1' });
    await context.saveCredential(CONFIG);
    expect(context.actions.stateDelta).toEqual({
      weather_key: { authType: 'apiKey', apiKey: 'k-1' },
    });
    expect(
      await (await contextOf(service, { sessionId: 's2' })).loadCredential(CONFIG),
    ).toBeUndefined();
  });

  it('SessionStateCredentialService reads a credential another writer stored snake_case', async () => {
    const sessionService = new InMemorySessionService();
    await sessionService.createSession({
      appName: 'app',
      userId: 'u',
      sessionId: 's',
      state: { weather_key: { auth_type: 'apiKey', api_key: 'from-python' } },
    });
    const session = await sessionService.getSession({
      appName: 'app',
      userId: 'u',
      sessionId: 's',
    });
    const context = new Context(
      await createTestInvocationContext({
        credentialService: new SessionStateCredentialService(),
        sessionService,
        session: session!,
      }),
    );
    expect((await context.loadCredential(CONFIG))?.apiKey).toBe('from-python');
  });

  it('without a credential service, saving and loading name the missing service', async () => {
    const context = new Context(await createTestInvocationContext());
    await expect(context.saveCredential(CONFIG)).rejects.toSatisfy((error) =>
      ServiceNotConfiguredError.isInstance(error),
    );
    await expect(context.loadCredential(CONFIG)).rejects.toSatisfy((error) =>
      ServiceNotConfiguredError.isInstance(error),
    );
  });
});
