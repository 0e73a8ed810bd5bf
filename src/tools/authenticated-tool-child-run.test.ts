import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import type { AuthCredential } from '../auth/auth-credential.js';
import { AuthProviderRegistry } from '../auth/auth-provider-registry.js';
import type { AuthSchemeType } from '../auth/auth-schemes.js';
import { BaseAuthProvider } from '../auth/base-auth-provider.js';
import { API_KEY_CONFIG, turn } from '../flows/processors/auth-test-fixtures.js';
import { App } from '../runner/app.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { AgentTool } from './agent-tool.js';
import { AuthenticatedFunctionTool } from './authenticated-function-tool.js';

class FixedKeyProvider extends BaseAuthProvider {
  override get supportedAuthSchemes(): readonly AuthSchemeType[] {
    return ['apiKey'];
  }
  override getAuthCredential(): Promise<AuthCredential | undefined> {
    return Promise.resolve({ authType: 'apiKey', apiKey: 'app-key' });
  }
}

describe('AuthenticatedFunctionTool in an AgentTool child run', () => {
  it("gets the key from the caller's App registry", async () => {
    const received: (AuthCredential | undefined)[] = [];
    const getWeather = new AuthenticatedFunctionTool({
      name: 'get_weather',
      description: 'The weather of a city.',
      parameters: z.object({ city: z.string() }),
      authConfig: API_KEY_CONFIG,
      execute: ({ city }, _context, credential) => {
        received.push(credential);
        return { city, weather: 'sunny' };
      },
    });
    const forecaster = new LlmAgent({
      name: 'forecaster',
      description: 'Knows the weather.',
      model: new ScriptedLlm({
        responses: [functionCallResponse('get_weather', { city: 'Oslo' }), textResponse('Sunny.')],
      }),
      tools: [getWeather],
    });
    const root = new LlmAgent({
      name: 'root',
      model: new ScriptedLlm({
        responses: [functionCallResponse('forecaster', { request: 'Oslo?' }), textResponse('Ok.')],
      }),
      tools: [new AgentTool({ agent: forecaster })],
    });
    const registry = new AuthProviderRegistry();
    registry.register(new FixedKeyProvider());
    const runner = new InMemoryRunner({
      app: new App({ name: 'app', rootAgent: root, authProviderRegistry: registry }),
    });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });

    await turn(runner, { role: 'user', parts: [{ text: 'Weather in Oslo?' }] });

    expect(received).toEqual([{ authType: 'apiKey', apiKey: 'app-key' }]);
  });
});
