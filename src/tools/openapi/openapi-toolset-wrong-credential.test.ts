import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../../agents/llm-agent.js';
import type { AuthCredentialInput } from './tool-auth.js';
import {
  credentialAnswer,
  credentialRequest,
  turn,
} from '../../flows/processors/auth-test-fixtures.js';
import { InMemoryRunner } from '../../runner/in-memory-runner.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../../testing/scripted-llm.js';
import { userText } from '../../testing/test-agents.js';
import { toolContext } from '../function-tool-test-fixtures.js';
import { OpenAPIToolset } from './openapi-toolset.js';
import {
  PET_STORE_GUEST_TOKEN,
  startPetStore,
  type PetStore,
} from '../../../test/openapi/pet-store.js';
import { securedPetStoreSpec } from '../../../test/openapi/secured-pet-store-spec.js';

/*
 * A wrong credential through the Runner: the client answers a key or token
 * the API refuses; the API's 401/403 reaches the model as the tool's
 * `error` (data, as Python returns it), with a sentence saying what it
 * means, and the invocation goes on.
 */

let store: PetStore;
beforeAll(async () => {
  store = await startPetStore();
});
afterAll(() => store.close());

/** Runs `tool` asked for its credential, answered with `credential`; the model's view of the result. */
async function answeredWith(tool: 'open_vault' | 'who_am_i', credential: AuthCredentialInput) {
  const model = new ScriptedLlm({
    responses: [
      functionCallResponse(tool, {}),
      textResponse('I need your credential.'),
      textResponse('The API refused it.'),
    ],
  });
  const tools = new OpenAPIToolset({ specDict: securedPetStoreSpec(store.baseUrl) });
  const agent = new LlmAgent({ name: 'clerk', model, tools: [tools] });
  const runner = new InMemoryRunner({ agent, appName: 'app' });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  const request = credentialRequest(await turn(runner, userText('Go.')));
  const events = await turn(
    runner,
    credentialAnswer(request, {
      ...(request.args?.['authConfig'] as object),
      exchangedAuthCredential: credential,
    }),
  );
  const seen = model.requests
    .at(-1)
    ?.contents.flatMap((content) => content.parts ?? [])
    .find((part) => part.functionResponse?.name === tool)?.functionResponse?.response;
  return { events, seen: seen as { error?: string } | undefined };
}

describe('a wrong credential reaches the model as a clear error', () => {
  it('API key: the 401 and what it means', async () => {
    const { events, seen } = await answeredWith('open_vault', {
      authType: 'apiKey',
      apiKey: 'wrong-key',
    });
    expect(seen?.error).toBe(
      'Tool open_vault execution failed. Analyze this execution error and your inputs.' +
        " Retry with adjustments if applicable. But make sure don't retry more than 3 times." +
        ' Execution Error: Status Code: 401, {"message":"bad api key"}' +
        ' The API rejected the credential (401 Unauthorized): it is wrong, expired or' +
        ' revoked. Retrying with it will not help; tell the user.',
    );
    expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('The API refused it.');
    expect(store.requests.at(-1)?.headers['x-api-key']).toBe('wrong-key');
  });

  it('bearer token: the 401', async () => {
    const { seen } = await answeredWith('who_am_i', {
      authType: 'http',
      http: { scheme: 'bearer', credentials: { token: 'wrong-token' } },
    });
    expect(seen?.error).toContain('Status Code: 401, {"message":"bad token"}');
    expect(seen?.error).toContain('The API rejected the credential (401 Unauthorized)');
  });

  it('bearer token without the right: the 403', async () => {
    const { seen } = await answeredWith('who_am_i', {
      authType: 'http',
      http: { scheme: 'bearer', credentials: { token: PET_STORE_GUEST_TOKEN } },
    });
    expect(seen?.error).toContain('Status Code: 403, {"message":"guests may not read /me"}');
    expect(seen?.error).toContain(
      'The API refused access (403 Forbidden): the credential lacks the permission or scope',
    );
  });

  it('no scheme declared but the API wants one: the 401 says the tool has none', async () => {
    const spec = securedPetStoreSpec(store.baseUrl);
    delete (spec['paths'] as Record<string, Record<string, Record<string, unknown>>>)['/vault']?.[
      'get'
    ]?.['security'];
    const tool = new OpenAPIToolset({ specDict: spec }).getTool('open_vault');
    const result = (await tool?.runAsync({ args: {}, context: await toolContext() })) as {
      error: string;
    };
    expect(result.error).toContain('Status Code: 401');
    expect(result.error).toContain('The API needs a credential (401 Unauthorized)');
  });
});
