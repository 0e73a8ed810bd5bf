import { z } from 'zod';
import type { AuthConfigInput } from '../../auth/auth-config.js';
import { LlmAgent } from '../../agents/llm-agent.js';
import type { Event } from '../../events/event.js';
import type { LlmResponse } from '../../events/llm-response.js';
import { App } from '../../runner/app.js';
import { InMemoryRunner } from '../../runner/in-memory-runner.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../../testing/scripted-llm.js';
import { FunctionTool } from '../../tools/function-tool.js';
import type { Content, FunctionCall } from '../../types/index.js';

/** The config of a tool that needs an API key sent in the `X-Api-Key` header. */
export const API_KEY_CONFIG: AuthConfigInput = {
  authScheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
  rawAuthCredential: { authType: 'apiKey' },
};

/**
 * A Runner whose agent calls `get_weather`, answers the tool's pending
 * result (a non-resumable invocation goes on after asking, as in Python),
 * then says "Sunny."; the tool asks for `config` until the client answered
 * and records the keys it ran with.
 */
export function weatherAgent(
  config: AuthConfigInput = API_KEY_CONFIG,
  firstResponse: LlmResponse = functionCallResponse('get_weather', { city: 'Paris' }),
) {
  const keys: (string | undefined)[] = [];
  const tool = new FunctionTool({
    name: 'get_weather',
    description: 'The weather of a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }, context) => {
      const credential = context.getAuthResponse(config);
      if (!credential) {
        context.requestCredential(config);
        return { status: 'waiting for the API key' };
      }
      keys.push(credential.apiKey);
      return { city, weather: 'sunny' };
    },
  });
  const model = new ScriptedLlm({
    responses: [firstResponse, textResponse('I need your API key.'), textResponse('Sunny.')],
  });
  return { agent: new LlmAgent({ name: 'forecaster', model, tools: [tool] }), keys, model };
}

/** `weatherAgent` in an in-memory Runner of app `app`, with session `s` of user `u` created. */
export async function weatherRunner(config: AuthConfigInput = API_KEY_CONFIG) {
  const { agent, keys, model } = weatherAgent(config);
  const runner = new InMemoryRunner({ app: new App({ name: 'app', rootAgent: agent }) });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  return { runner, keys, model };
}

/** Runs one turn and collects its events. */
export async function turn(runner: InMemoryRunner, newMessage: Content): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of runner.runAsync({ userId: 'u', sessionId: 's', newMessage }))
    events.push(event);
  return events;
}

/** The `adk_request_credential` call among `events`. */
export function credentialRequest(events: readonly Event[]): FunctionCall {
  const call = events
    .flatMap((event) => event.content?.parts ?? [])
    .map((part) => part.functionCall)
    .find((candidate) => candidate?.name === 'adk_request_credential');
  if (!call) throw new Error('no adk_request_credential call');
  return call;
}

/** The user's answer to the credential request `call`. */
export function credentialAnswer(call: FunctionCall, response: unknown): Content {
  return {
    role: 'user',
    parts: [
      {
        functionResponse: {
          id: call.id!,
          name: 'adk_request_credential',
          response: response as Record<string, unknown>,
        },
      },
    ],
  };
}
