import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../../agents/llm-agent.js';
import {
  credentialAnswer,
  credentialRequest,
  turn,
} from '../../flows/processors/auth-test-fixtures.js';
import { InMemoryRunner } from '../../runner/in-memory-runner.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../../testing/scripted-llm.js';
import { userText } from '../../testing/test-agents.js';
import { OpenAPIToolset } from './openapi-toolset.js';
import { PET_STORE_TOKEN, startPetStore, type PetStore } from '../../../test/openapi/pet-store.js';
import { securedPetStoreSpec } from '../../../test/openapi/secured-pet-store-spec.js';

/*
 * The credential round trip of an OpenAPI tool through the Runner: the
 * operation needs a bearer token the toolset does not have, so the tool asks
 * (adk_request_credential) and answers pending; the client answers with the
 * token; the auth step runs the call again and the request carries it.
 */

let store: PetStore;
beforeAll(async () => {
  store = await startPetStore();
});
afterAll(() => store.close());

describe('OpenAPIToolset credential round trip through the Runner', () => {
  it('asks for the bearer token, and the answered call reaches the API with it', async () => {
    const model = new ScriptedLlm({
      responses: [
        functionCallResponse('who_am_i', {}),
        textResponse('Please sign in.'),
        textResponse('You are ada.'),
      ],
    });
    const tools = new OpenAPIToolset({
      specDict: securedPetStoreSpec(store.baseUrl),
      toolFilter: ['who_am_i'],
    });
    const agent = new LlmAgent({ name: 'clerk', model, instruction: 'Help.', tools: [tools] });
    const runner = new InMemoryRunner({ agent, appName: 'app' });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const before = store.requests.length;

    const first = await turn(runner, userText('Who am I?'));
    const request = credentialRequest(first);
    expect(request.args?.['authConfig']).toMatchObject({
      authScheme: { type: 'http', scheme: 'bearer' },
    });
    const pending = first
      .flatMap((event) => event.content?.parts ?? [])
      .find((part) => part.functionResponse?.name === 'who_am_i')?.functionResponse;
    expect(pending?.response).toEqual({
      pending: true,
      message: 'Needs your authorization to access your data.',
    });
    expect(store.requests).toHaveLength(before);

    const answer = {
      ...(request.args?.['authConfig'] as object),
      exchangedAuthCredential: {
        authType: 'http',
        http: { scheme: 'bearer', credentials: { token: PET_STORE_TOKEN } },
      },
    };
    const second = await turn(runner, credentialAnswer(request, answer));
    expect(second[0]?.content?.parts?.[0]?.functionResponse).toMatchObject({
      name: 'who_am_i',
      response: { user: 'ada' },
    });
    expect(store.requests.at(-1)?.headers.authorization).toBe(`Bearer ${PET_STORE_TOKEN}`);
    expect(second.at(-1)?.content?.parts?.[0]?.text).toBe('You are ada.');
  });
});
