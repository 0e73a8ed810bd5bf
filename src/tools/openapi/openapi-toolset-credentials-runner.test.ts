import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../../agents/llm-agent.js';
import type { AuthCredential } from '../../auth/auth-credential.js';
import { AuthProviderRegistry } from '../../auth/auth-provider-registry.js';
import type { AuthSchemeType } from '../../auth/auth-schemes.js';
import { BaseAuthProvider, type GetAuthCredentialRequest } from '../../auth/base-auth-provider.js';
import { InMemoryCredentialService } from '../../context/in-memory-credential-service.js';
import type { Event } from '../../events/event.js';
import {
  credentialAnswer,
  credentialRequest,
  turn,
} from '../../flows/processors/auth-test-fixtures.js';
import { App } from '../../runner/app.js';
import { Runner } from '../../runner/runner.js';
import { InMemorySessionService } from '../../sessions/in-memory-session-service.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../../testing/scripted-llm.js';
import { userText } from '../../testing/test-agents.js';
import type { CredentialService } from '../../context/credential-service.js';
import { OpenAPIToolset } from './openapi-toolset.js';
import {
  PET_STORE_API_KEY,
  startPetStore,
  type PetStore,
} from '../../../test/openapi/pet-store.js';
import { securedPetStoreSpec } from '../../../test/openapi/secured-pet-store-spec.js';

/*
 * An OpenAPI tool resolves its credential through the CredentialManager, as
 * authenticated tools do: the App's auth provider first, then the Runner's
 * credential service, then the client's answer (which is saved with the
 * service, so a later invocation needs no new request).
 */

let store: PetStore;
beforeAll(async () => {
  store = await startPetStore();
});
afterAll(() => store.close());

/** Answers the vault key for user `u`; records the credential keys it was asked for. */
class VaultProvider extends BaseAuthProvider {
  readonly asked: (string | undefined)[] = [];
  override get supportedAuthSchemes(): readonly AuthSchemeType[] {
    return ['apiKey'];
  }
  override getAuthCredential({
    authConfig,
    context,
  }: GetAuthCredentialRequest): Promise<AuthCredential | undefined> {
    this.asked.push(authConfig.credentialKey);
    return Promise.resolve(
      context.userId === 'u' ? { authType: 'apiKey', apiKey: PET_STORE_API_KEY } : undefined,
    );
  }
}

/**
 * A Runner whose agent calls `open_vault` and then says "Done."; with
 * `askedFirst`, the first call is asked for, so the answer turn takes one
 * more text response; `turns` user turns call the tool.
 */
async function vaultRunner(options: {
  registry?: AuthProviderRegistry;
  credentialService?: CredentialService;
  turns: number;
  askedFirst?: boolean;
}) {
  const responses = [];
  for (let i = 0; i < options.turns; i++) {
    responses.push(functionCallResponse('open_vault', {}), textResponse('Done.'));
    if (i === 0 && options.askedFirst) responses.push(textResponse('Opened.'));
  }
  const model = new ScriptedLlm({ responses });
  const tools = new OpenAPIToolset({
    specDict: securedPetStoreSpec(store.baseUrl),
    toolFilter: ['open_vault'],
  });
  const agent = new LlmAgent({ name: 'clerk', model, instruction: 'Help.', tools: [tools] });
  const app = new App({
    name: 'app',
    rootAgent: agent,
    ...(options.registry ? { authProviderRegistry: options.registry } : {}),
  });
  const runner = new Runner({
    app,
    sessionService: new InMemorySessionService(),
    ...(options.credentialService ? { credentialService: options.credentialService } : {}),
  });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  return runner;
}

function toolResponse(events: readonly Event[]): unknown {
  return events
    .flatMap((event) => event.content?.parts ?? [])
    .find((part) => part.functionResponse?.name === 'open_vault')?.functionResponse?.response;
}

function asked(events: readonly Event[]): boolean {
  return events.some((event) =>
    event.content?.parts?.some((part) => part.functionCall?.name === 'adk_request_credential'),
  );
}

/** The client's answer to the request among `events`: the vault key. */
function keyAnswer(events: readonly Event[]) {
  const request = credentialRequest(events);
  return credentialAnswer(request, {
    ...(request.args?.['authConfig'] as object),
    exchangedAuthCredential: { authType: 'apiKey', apiKey: PET_STORE_API_KEY },
  });
}

describe('OpenAPI tools on the CredentialManager, through the Runner', () => {
  it("uses the App's auth provider: no request to the client", async () => {
    const provider = new VaultProvider();
    const registry = new AuthProviderRegistry();
    registry.register(provider);
    const runner = await vaultRunner({ registry, turns: 1 });

    const events = await turn(runner, userText('Open the vault.'));
    expect(asked(events)).toBe(false);
    expect(toolResponse(events)).toEqual({ treats: 42 });
    expect(store.requests.at(-1)?.headers['x-api-key']).toBe(PET_STORE_API_KEY);
    expect(provider.asked).toHaveLength(1);
    expect(provider.asked[0]).toMatch(/^adk_apiKey_/);
  });

  it("a toolset's own registry is used instead of the App's", async () => {
    const own = new AuthProviderRegistry();
    own.register(new VaultProvider());
    const tools = new OpenAPIToolset({
      specDict: securedPetStoreSpec(store.baseUrl),
      authProviderRegistry: own,
    });
    const model = new ScriptedLlm({
      responses: [functionCallResponse('open_vault', {}), textResponse('Done.')],
    });
    const agent = new LlmAgent({ name: 'clerk', model, tools: [tools] });
    const runner = new Runner({
      app: new App({ name: 'app', rootAgent: agent }),
      sessionService: new InMemorySessionService(),
    });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const events = await turn(runner, userText('Open the vault.'));
    expect(toolResponse(events)).toEqual({ treats: 42 });
  });

  it("saves the client's answer with the credential service: the next invocation asks nothing", async () => {
    const credentialService = new InMemoryCredentialService();
    const runner = await vaultRunner({ credentialService, turns: 2, askedFirst: true });

    const first = await turn(runner, userText('Open the vault.'));
    expect(asked(first)).toBe(true);
    expect(toolResponse(first)).toEqual({
      pending: true,
      message: 'Needs your authorization to access your data.',
    });
    const answered = await turn(runner, keyAnswer(first));
    expect(toolResponse(answered)).toEqual({ treats: 42 });

    const before = store.requests.length;
    const later = await turn(runner, userText('Open it again.'));
    expect(asked(later)).toBe(false);
    expect(toolResponse(later)).toEqual({ treats: 42 });
    expect(store.requests).toHaveLength(before + 1);
    expect(store.requests.at(-1)?.headers['x-api-key']).toBe(PET_STORE_API_KEY);
  });

  it('without a credential service, a later invocation asks the client again', async () => {
    const runner = await vaultRunner({ turns: 2, askedFirst: true });
    const first = await turn(runner, userText('Open the vault.'));
    const answered = await turn(runner, keyAnswer(first));
    expect(toolResponse(answered)).toEqual({ treats: 42 });

    const later = await turn(runner, userText('Open it again.'));
    expect(asked(later)).toBe(true);
    expect(toolResponse(later)).toMatchObject({ pending: true });
  });

  it("asks under the toolset's credentialKey and finds the answer under it", async () => {
    const tools = new OpenAPIToolset({
      specDict: securedPetStoreSpec(store.baseUrl),
      toolFilter: ['open_vault'],
      credentialKey: 'pet-vault',
    });
    const model = new ScriptedLlm({
      responses: [
        functionCallResponse('open_vault', {}),
        textResponse('I need the key.'),
        textResponse('Opened.'),
      ],
    });
    const runner = new Runner({
      app: new App({
        name: 'app',
        rootAgent: new LlmAgent({ name: 'clerk', model, tools: [tools] }),
      }),
      sessionService: new InMemorySessionService(),
    });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const first = await turn(runner, userText('Open the vault.'));
    expect(credentialRequest(first).args?.['authConfig']).toMatchObject({
      credentialKey: 'pet-vault',
    });
    const answered = await turn(runner, keyAnswer(first));
    expect(toolResponse(answered)).toEqual({ treats: 42 });
  });
});
