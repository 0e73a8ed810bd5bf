import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import type { AuthConfig } from '../auth/auth-config.js';
import type { AuthCredential } from '../auth/auth-credential.js';
import { AuthProviderRegistry } from '../auth/auth-provider-registry.js';
import type { AuthSchemeType } from '../auth/auth-schemes.js';
import { BaseAuthProvider, type GetAuthCredentialRequest } from '../auth/base-auth-provider.js';
import { AuthProviderError } from '../errors/auth-provider-error.js';
import type { Event } from '../events/event.js';
import {
  API_KEY_CONFIG,
  credentialAnswer,
  credentialRequest,
  turn,
} from '../flows/processors/auth-test-fixtures.js';
import { App } from '../runner/app.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { AuthenticatedFunctionTool } from './authenticated-function-tool.js';

/** A provider answering from a fixed table of keys per user; it records what it was asked. */
class TableProvider extends BaseAuthProvider {
  readonly asked: { config: AuthConfig; userId: string }[] = [];
  constructor(private readonly keys: Record<string, string | Error>) {
    super();
  }
  override get supportedAuthSchemes(): readonly AuthSchemeType[] {
    return ['apiKey'];
  }
  override getAuthCredential({
    authConfig,
    context,
  }: GetAuthCredentialRequest): Promise<AuthCredential | undefined> {
    this.asked.push({ config: authConfig, userId: context.userId });
    const key = this.keys[context.userId];
    if (key instanceof Error) return Promise.reject(key);
    return Promise.resolve(key === undefined ? undefined : { authType: 'apiKey', apiKey: key });
  }
}

async function setup(registry?: AuthProviderRegistry, appRegistry?: AuthProviderRegistry) {
  const received: (AuthCredential | undefined)[] = [];
  const tool = new AuthenticatedFunctionTool({
    name: 'get_weather',
    description: 'The weather of a city.',
    parameters: z.object({ city: z.string() }),
    authConfig: API_KEY_CONFIG,
    authProviderRegistry: registry,
    execute: ({ city }, _context, credential) => {
      received.push(credential);
      return { city, weather: 'sunny' };
    },
  });
  const model = new ScriptedLlm({
    responses: [
      functionCallResponse('get_weather', { city: 'Paris' }),
      textResponse('I need your API key.'),
      textResponse('Sunny.'),
    ],
  });
  const agent = new LlmAgent({ name: 'forecaster', model, tools: [tool] });
  const runner = new InMemoryRunner({
    app: new App({
      name: 'app',
      rootAgent: agent,
      ...(appRegistry ? { authProviderRegistry: appRegistry } : {}),
    }),
  });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  return { runner, received };
}

const ask = { role: 'user', parts: [{ text: 'Weather in Paris?' }] };

function toolResponses(events: readonly Event[]): unknown[] {
  return events
    .flatMap((event) => event.content?.parts ?? [])
    .filter((part) => part.functionResponse?.name === 'get_weather')
    .map((part) => part.functionResponse?.response);
}

function asksForCredential(events: readonly Event[]): boolean {
  return events.some((event) =>
    (event.content?.parts ?? []).some(
      (part) => part.functionCall?.name === 'adk_request_credential',
    ),
  );
}

describe('AuthenticatedFunctionTool through the Runner', () => {
  it('gets the key from a registered provider and never asks the user', async () => {
    const provider = new TableProvider({ u: 'provided-key' });
    const registry = new AuthProviderRegistry();
    registry.register(provider);
    const { runner, received } = await setup(registry);

    const events = await turn(runner, ask);

    expect(asksForCredential(events)).toBe(false);
    expect(received).toEqual([{ authType: 'apiKey', apiKey: 'provided-key' }]);
    expect(toolResponses(events)).toEqual([{ city: 'Paris', weather: 'sunny' }]);
    expect(provider.asked).toHaveLength(1);
    expect(provider.asked[0]?.userId).toBe('u');
    expect(provider.asked[0]?.config.credentialKey).toMatch(/^adk_apiKey_/);
  });

  it("uses the App's registry when the tool has none of its own", async () => {
    const registry = new AuthProviderRegistry();
    registry.register(new TableProvider({ u: 'app-key' }));
    const { runner, received } = await setup(undefined, registry);

    const events = await turn(runner, ask);

    expect(asksForCredential(events)).toBe(false);
    expect(received).toEqual([{ authType: 'apiKey', apiKey: 'app-key' }]);
  });

  it("prefers the registry given to the tool over the App's", async () => {
    const toolRegistry = new AuthProviderRegistry();
    toolRegistry.register(new TableProvider({ u: 'tool-key' }));
    const appRegistry = new AuthProviderRegistry();
    appRegistry.register(new TableProvider({ u: 'app-key' }));
    const { runner, received } = await setup(toolRegistry, appRegistry);

    await turn(runner, ask);

    expect(received).toEqual([{ authType: 'apiKey', apiKey: 'tool-key' }]);
  });

  it('without a provider asks the user, answers pending, then runs with the answer', async () => {
    const { runner, received } = await setup();

    const first = await turn(runner, ask);
    expect(toolResponses(first)).toEqual([{ result: 'Pending User Authorization.' }]);
    expect(received).toEqual([]);
    const call = credentialRequest(first);

    const second = await turn(
      runner,
      credentialAnswer(call, {
        ...(call.args?.['authConfig'] as object),
        exchangedAuthCredential: { authType: 'apiKey', apiKey: 'user-key' },
      }),
    );

    expect(received).toEqual([{ authType: 'apiKey', apiKey: 'user-key' }]);
    expect(toolResponses(second)).toEqual([{ city: 'Paris', weather: 'sunny' }]);
  });

  it('asks the user when the provider has no credential for them', async () => {
    const provider = new TableProvider({ someoneElse: 'k' });
    const registry = new AuthProviderRegistry();
    registry.register('apiKey', provider);
    const { runner, received } = await setup(registry);

    const events = await turn(runner, ask);

    expect(provider.asked).toHaveLength(1);
    expect(asksForCredential(events)).toBe(true);
    expect(received).toEqual([]);
  });

  it('surfaces a failing provider as an AuthProviderError', async () => {
    const registry = new AuthProviderRegistry();
    registry.register(new TableProvider({ u: new Error('vault sealed') }));
    const { runner, received } = await setup(registry);

    const failure = await turn(runner, ask).then(
      () => undefined,
      (error: unknown) => error,
    );

    const providerError = causes(failure).find((error) => AuthProviderError.isInstance(error));
    expect(providerError).toBeDefined();
    expect(AuthProviderError.isInstance(providerError) && providerError.schemeType).toBe('apiKey');
    expect(String((providerError as Error).message)).toContain('vault sealed');
    expect(received).toEqual([]);
  });
});

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && chain.length < 10;) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}
