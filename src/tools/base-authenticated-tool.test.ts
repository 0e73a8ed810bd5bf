import { describe, expect, it } from 'vitest';
import type { AuthCredential } from '../auth/auth-credential.js';
import { AuthProviderRegistry } from '../auth/auth-provider-registry.js';
import { BaseAuthProvider } from '../auth/base-auth-provider.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { LlmAgent } from '../agents/llm-agent.js';
import { App } from '../runner/app.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import type { FunctionDeclaration } from '../types/index.js';
import { turn } from '../flows/processors/auth-test-fixtures.js';
import {
  BaseAuthenticatedTool,
  type RunAuthenticatedArguments,
} from './base-authenticated-tool.js';

class BearerProvider extends BaseAuthProvider {
  override getAuthCredential(): Promise<AuthCredential | undefined> {
    return Promise.resolve({
      authType: 'http',
      http: { scheme: 'bearer', credentials: { token: 't0' } },
    });
  }
}

class WhoAmI extends BaseAuthenticatedTool {
  readonly seen: (AuthCredential | undefined)[] = [];
  override getDeclaration(): FunctionDeclaration {
    return { name: this.name, description: this.description };
  }
  protected override runAuthenticated({ credential }: RunAuthenticatedArguments): Promise<unknown> {
    this.seen.push(credential);
    return Promise.resolve({ token: credential?.http?.credentials.token });
  }
}

async function run(tool: WhoAmI) {
  const model = new ScriptedLlm({
    responses: [functionCallResponse('who_am_i', {}), textResponse('Done.')],
  });
  const agent = new LlmAgent({ name: 'a', model, tools: [tool] });
  const runner = new InMemoryRunner({ app: new App({ name: 'app', rootAgent: agent }) });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  const events = await turn(runner, { role: 'user', parts: [{ text: 'who?' }] });
  return events
    .flatMap((event) => event.content?.parts ?? [])
    .flatMap((part) => (part.functionResponse ? [part.functionResponse] : []));
}

const bearerConfig = { authScheme: { type: 'http' as const, scheme: 'bearer' } };

describe('BaseAuthenticatedTool', () => {
  it('runs with the credential of the provider registered for its scheme type', async () => {
    const registry = new AuthProviderRegistry();
    registry.register('http', new BearerProvider());
    const tool = new WhoAmI({
      name: 'who_am_i',
      description: 'Who the token belongs to.',
      authConfig: bearerConfig,
      authProviderRegistry: registry,
    });
    const responses = await run(tool);
    expect(responses.map((response) => response.response)).toEqual([{ token: 't0' }]);
  });

  it('asks the client with its own pending answer when nothing has the credential', async () => {
    const tool = new WhoAmI({
      name: 'who_am_i',
      description: 'Who the token belongs to.',
      authConfig: bearerConfig,
      responseForAuthRequired: { status: 'sign in first' },
    });
    const responses = await run(tool);
    expect(responses.map((response) => [response.name, response.response])).toEqual([
      ['who_am_i', { status: 'sign in first' }],
    ]);
    expect(tool.seen).toEqual([]);
  });

  it('runs without a credential when it has no auth config', async () => {
    const tool = new WhoAmI({ name: 'who_am_i', description: 'Who.' });
    await run(tool);
    expect(tool.seen).toEqual([undefined]);
  });
});

describe('AuthProviderRegistry', () => {
  it('finds a provider by scheme or scheme type; the last registration wins', () => {
    const registry = new AuthProviderRegistry();
    const first = new BearerProvider();
    const second = new BearerProvider();
    registry.register('http', first);
    registry.register('http', second);
    expect(registry.getProvider({ type: 'http', scheme: 'bearer' })).toBe(second);
    expect(registry.getProvider('http')).toBe(second);
    expect(registry.getProvider('apiKey')).toBeUndefined();
  });

  it('refuses a provider registered alone that declares no scheme', () => {
    expect(() => new AuthProviderRegistry().register(new BearerProvider())).toThrow(
      InvalidArgumentError,
    );
  });
});
