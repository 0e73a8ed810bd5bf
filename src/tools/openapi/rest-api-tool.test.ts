import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolContext } from '../function-tool-test-fixtures.js';
import { OpenAPIToolset } from './openapi-toolset.js';
import { petStoreSpec, startPetStore, type PetStore } from '../../../test/openapi/pet-store.js';
import type { RestApiTool } from './rest-api-tool.js';

/*
 * RestApiTool calls against the local pet store (Python's
 * RestApiTool.call and _prepare_request_params): method, URL, query,
 * headers, cookies, JSON and form bodies, and what the model gets back.
 */

let store: PetStore;
let toolset: OpenAPIToolset;
beforeAll(async () => {
  store = await startPetStore();
  toolset = new OpenAPIToolset({ specDict: petStoreSpec(store.baseUrl) });
});
afterAll(() => store.close());

function tool(name: string): RestApiTool {
  const found = toolset.getTool(name);
  if (!found) throw new TypeError(`no tool ${name}`);
  return found;
}

async function call(name: string, args: Record<string, unknown>) {
  const before = store.requests.length;
  const result = await tool(name).runAsync({ args, context: await toolContext() });
  expect(store.requests).toHaveLength(before + 1);
  return { result, request: store.requests.at(-1) };
}

describe('RestApiTool calls (Python RestApiTool.call)', () => {
  it('sends query and header parameters and returns the JSON body', async () => {
    const { result, request } = await call('list_pets', {
      limit: 1,
      tag: 'dog',
      x_request_id: 'req-7\r\nInjected: yes',
      unknown: 'ignored',
    });
    expect(result).toEqual([{ id: 1, name: 'Rex', tag: 'dog' }]);
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe('/v1/pets?limit=1&tag=dog');
    expect(request?.headers['x-request-id']).toBe('req-7Injected: yes');
    expect(request?.headers['injected']).toBeUndefined();
    expect(request?.headers['user-agent']).toMatch(/^adk-ts\/\S+ \(tool: list_pets\)$/);
  });

  it('leaves out empty query values and keeps 0 and false', () => {
    const prepared = tool('list_pets').prepare({ limit: 0, tag: '', x_request_id: 'r' });
    expect(new URL(prepared.url).search).toBe('?limit=0');
  });

  it('sends a JSON body built from the body arguments', async () => {
    const { result, request } = await call('create_pet', { name: 'Kitty', tag: 'cat' });
    expect(result).toEqual({ id: 4, name: 'Kitty', tag: 'cat' });
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ name: 'Kitty', tag: 'cat' });
  });

  it('percent-encodes path parameters', async () => {
    const { result, request } = await call('show_pet_by_id', { pet_id: '2' });
    expect(result).toEqual({ id: 2, name: 'Tom', tag: 'cat' });
    const missing = await call('show_pet_by_id', { pet_id: 'a b/c' });
    expect(request?.url).toBe('/v1/pets/2');
    expect(missing.request?.url).toBe('/v1/pets/a%20b%2Fc');
  });

  it('returns an HTTP error as data, with Python text, status and body', async () => {
    const { result } = await call('show_pet_by_id', { pet_id: '99' });
    expect(result).toEqual({
      error:
        'Tool show_pet_by_id execution failed. Analyze this execution error and your inputs.' +
        " Retry with adjustments if applicable. But make sure don't retry more than 3 times." +
        ' Execution Error: Status Code: 404, {"message":"no pet 99"}',
    });
  });

  it('sends a form body and a cookie, and returns a text answer as {text}', async () => {
    const { result, request } = await call('add_pet_note', {
      pet_id: '1',
      text: 'likes walks & naps',
      trace: 't 1',
    });
    expect(result).toEqual({ text: 'noted for pet 1: likes walks & naps' });
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.body).toBe('text=likes+walks+%26+naps');
    expect(request?.headers['cookie']).toBe('trace=t%201');
  });

  it('returns {text: ""} for an empty answer', async () => {
    const { result, request } = await call('pets_pet_id_delete', { pet_id: '3' });
    expect(request?.method).toBe('DELETE');
    expect(result).toEqual({ text: '' });
  });

  it('returns a connection failure as data instead of throwing', async () => {
    const closed = await startPetStore();
    await closed.close();
    const offline = new OpenAPIToolset({ specDict: petStoreSpec(closed.baseUrl) });
    const result = await offline
      .getTool('show_pet_by_id')
      ?.runAsync({ args: { pet_id: '1' }, context: await toolContext() });
    expect(result).toEqual({
      error: expect.stringMatching(
        /^Tool show_pet_by_id execution failed\. .* Execution Error: fetch failed$/,
      ),
    });
  });

  it('returns a document without a server URL as data: the URL is relative', async () => {
    const serverless = new OpenAPIToolset({
      specDict: { openapi: '3.0.0', paths: { '/pets': { get: { operationId: 'listPets' } } } },
    });
    const result = await serverless
      .getTool('list_pets')
      ?.runAsync({ args: {}, context: await toolContext() });
    expect(result).toEqual({
      error: expect.stringMatching(
        /^Tool list_pets execution failed\. .* Execution Error: Invalid URL$/,
      ),
    });
  });
});
