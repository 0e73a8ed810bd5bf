import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../../agents/llm-agent.js';
import type { Event } from '../../events/event.js';
import { InMemoryRunner } from '../../runner/in-memory-runner.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../../testing/scripted-llm.js';
import { OpenAPIToolset } from './openapi-toolset.js';
import { petStoreYaml, startPetStore, type PetStore } from '../../../test/openapi/pet-store.js';

/*
 * An agent with an OpenAPIToolset, run by the Runner with a scripted model:
 * the model's function calls become real HTTP requests to the local pet
 * store (with the header provider's headers), and their answers come back
 * as function responses.
 */

let store: PetStore;
beforeAll(async () => {
  store = await startPetStore();
});
afterAll(() => store.close());

async function run(runner: InMemoryRunner, text: string): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of runner.runAsync({
    userId: 'ada',
    sessionId: 'session',
    newMessage: { role: 'user', parts: [{ text }] },
  })) {
    events.push(event);
  }
  return events;
}

describe('OpenAPIToolset through the Runner', () => {
  it('turns function calls into HTTP requests and answers into function responses', async () => {
    const model = new ScriptedLlm({
      responses: [
        {
          content: {
            role: 'model',
            parts: [
              { functionCall: { name: 'create_pet', args: { name: 'Nemo', tag: 'fish' } } },
              { functionCall: { name: 'show_pet_by_id', args: { pet_id: '404' } } },
            ],
          },
        },
        functionCallResponse('list_pets', { tag: 'fish', x_request_id: 'r-1' }),
        textResponse('Nemo is in the store.'),
      ],
    });
    const tools = new OpenAPIToolset({
      specStr: petStoreYaml(store.baseUrl),
      specStrType: 'yaml',
      toolFilter: ['create_pet', 'show_pet_by_id', 'list_pets'],
      headerProvider: (context) => Promise.resolve({ 'X-User': context.userId }),
    });
    const agent = new LlmAgent({ name: 'clerk', model, instruction: 'Help.', tools: [tools] });
    const runner = new InMemoryRunner({ agent, appName: 'pets' });
    await runner.sessionService.createSession({
      appName: 'pets',
      userId: 'ada',
      sessionId: 'session',
    });

    const events = await run(runner, 'Add Nemo the fish.');

    expect(model.requests[0]?.toolNames).toEqual(['list_pets', 'create_pet', 'show_pet_by_id']);
    const responses = events.flatMap(
      (event) =>
        event.content?.parts?.flatMap((part) =>
          part.functionResponse ? [part.functionResponse] : [],
        ) ?? [],
    );
    expect(responses.map((response) => [response.name, response.response])).toEqual([
      ['create_pet', { id: 4, name: 'Nemo', tag: 'fish' }],
      [
        'show_pet_by_id',
        {
          error: expect.stringContaining(
            'Execution Error: Status Code: 404, {"message":"no pet 404"}',
          ),
        },
      ],
      ['list_pets', { result: [{ id: 4, name: 'Nemo', tag: 'fish' }] }],
    ]);
    // The two calls of one turn run in parallel: their requests may arrive in either order.
    const sent = store.requests.map((request) => `${request.method} ${request.url}`);
    expect(sent.slice(0, 2).sort()).toEqual(['GET /v1/pets/404', 'POST /v1/pets']);
    expect(sent.slice(2)).toEqual(['GET /v1/pets?tag=fish']);
    expect(store.requests.map((request) => request.headers['x-user'])).toEqual([
      'ada',
      'ada',
      'ada',
    ]);
    expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('Nemo is in the store.');
  });
});
