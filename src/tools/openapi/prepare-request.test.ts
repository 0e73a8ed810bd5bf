import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPetStore, type PetStore } from '../../../test/openapi/pet-store.js';
import { toolContext } from '../function-tool-test-fixtures.js';
import { OpenAPIToolset } from './openapi-toolset.js';

/*
 * The body encodings and the smaller request rules of Python's
 * RestApiTool._prepare_request_params, each sent for real to the local
 * store (which records every request; the paths here answer 404).
 */

let store: PetStore;
let toolset: OpenAPIToolset;

const body = (mimeType: string, schema: Record<string, unknown>) => ({
  post: { requestBody: { content: { [mimeType]: { schema } } } },
});

beforeAll(async () => {
  store = await startPetStore();
  toolset = new OpenAPIToolset({
    specDict: {
      openapi: '3.1.0',
      servers: [{ url: `${store.baseUrl}/` }],
      paths: {
        '/json': body('application/merge-patch+json', {
          type: 'object',
          properties: { name: { type: 'string' }, size: { type: 'integer' } },
        }),
        '/array': body('application/json', { type: 'array', items: { type: 'integer' } }),
        '/either': body('application/json', { oneOf: [{ type: 'string' }, { type: 'object' }] }),
        '/text': body('text/plain', { type: 'string' }),
        '/multipart': body('multipart/form-data', {
          type: 'object',
          properties: { caption: { type: 'string' }, width: { type: 'integer' } },
        }),
        '/search?fixed=1': {
          get: {
            operationId: 'search',
            parameters: [
              {
                name: 'q',
                in: 'query',
                required: true,
                schema: { type: 'string', default: 'all' },
              },
              { name: 'ids', in: 'query', schema: { type: 'array', items: { type: 'integer' } } },
              { name: 'filter', in: 'query', schema: { type: 'object' } },
              { name: 'User-Agent', in: 'header', schema: { type: 'string' } },
            ],
          },
        },
      },
    },
  });
});
afterAll(() => store.close());

async function send(name: string, args: Record<string, unknown>) {
  const found = toolset.getTool(name);
  if (!found) throw new TypeError(`no tool ${name}`);
  const before = store.requests.length;
  const result = await found.runAsync({ args, context: await toolContext() });
  expect(result).toEqual({ error: expect.stringContaining('Status Code: 404') });
  expect(store.requests).toHaveLength(before + 1);
  const request = store.requests.at(-1);
  if (!request) throw new TypeError('no request');
  return request;
}

describe('request bodies by media type', () => {
  it('sends *+json bodies as JSON with only the properties given', async () => {
    const request = await send('json_post', { name: 'x' });
    expect(request.url).toBe('/v1/json');
    expect(request.headers['content-type']).toBe('application/merge-patch+json');
    expect(request.body).toBe('{"name":"x"}');
  });

  it('sends an array body from `array` and a composed body from `body`', async () => {
    expect((await send('array_post', { array: [1, 2] })).body).toBe('[1,2]');
    expect((await send('either_post', { body: { a: 1 } })).body).toBe('{"a":1}');
  });

  it('sends a scalar text body from the argument with the empty name', async () => {
    const request = await send('text_post', { '': 'hello' });
    expect(request.headers['content-type']).toBe('text/plain');
    expect(request.body).toBe('hello');
  });

  it('sends multipart form data with the boundary fetch writes', async () => {
    const request = await send('multipart_post', { caption: 'a cat', width: 640 });
    const type = request.headers['content-type'] ?? '';
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(request.body, { headers: { 'content-type': type } }).formData();
    expect([form.get('caption'), form.get('width')]).toEqual(['a cat', '640']);
  });
});

describe('query, defaults and headers', () => {
  it('keeps a query written in the path, repeats arrays, writes objects as JSON, fills defaults', async () => {
    const request = await send('search', {
      ids: [1, 2],
      filter: { tag: 'dog' },
      user_agent: 'mine/1.0',
    });
    expect(request.url).toBe(
      `/v1/search?fixed=1&ids=1&ids=2&filter=${encodeURIComponent('{"tag":"dog"}')}&q=all`,
    );
    expect(request.headers['user-agent']).toBe('mine/1.0');
  });
});
