import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolContext } from '../function-tool-test-fixtures.js';
import { OpenAPIToolset, type OpenAPIToolsetOptions } from './openapi-toolset.js';
import type { RestApiTool } from './rest-api-tool.js';
import {
  PET_STORE_API_KEY,
  PET_STORE_TOKEN,
  startPetStore,
  type PetStore,
} from '../../../test/openapi/pet-store.js';
import { securedPetStoreSpec } from '../../../test/openapi/secured-pet-store-spec.js';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';

/*
 * RestApiTool with auth against the local pet store (Python's
 * RestApiTool.call with ToolAuthHandler and credential_to_param): the
 * credential becomes a header, query parameter or Authorization header; a
 * missing one is asked for; a wrong one is the API's 401, as data.
 */

let store: PetStore;
beforeAll(async () => {
  store = await startPetStore();
});
afterAll(() => store.close());

function secured(
  name: string,
  options: Pick<OpenAPIToolsetOptions, 'authScheme' | 'authCredential'> = {},
): RestApiTool {
  const toolset = new OpenAPIToolset({ specDict: securedPetStoreSpec(store.baseUrl), ...options });
  const found = toolset.getTool(name);
  if (!found) throw new TypeError(`no tool ${name}`);
  return found;
}

describe('RestApiTool auth (Python credential_to_param, ToolAuthHandler)', () => {
  it('sends an API key given up front in the header the document names', async () => {
    const tool = secured('open_vault', {
      authCredential: { authType: 'apiKey', apiKey: PET_STORE_API_KEY },
    });
    const result = await tool.runAsync({ args: {}, context: await toolContext() });
    expect(result).toEqual({ treats: 42 });
    expect(store.requests.at(-1)?.headers['x-api-key']).toBe(PET_STORE_API_KEY);
    // The credential is no argument the model sees.
    expect(JSON.stringify(tool.getDeclaration())).not.toContain('auth_prefix');
  });

  it('takes a scheme and credential configured later, as JSON text or snake_case', async () => {
    const tool = secured('open_vault');
    tool.configureAuthScheme('{"type":"apiKey","in":"query","name":"api_key"}');
    tool.configureAuthCredential(`{"auth_type":"apiKey","api_key":"${PET_STORE_API_KEY}"}`);
    expect(await tool.runAsync({ args: {}, context: await toolContext() })).toEqual({ treats: 42 });
    expect(store.requests.at(-1)?.url).toBe(`/v1/vault?api_key=${PET_STORE_API_KEY}`);
    expect(() => tool.configureAuthScheme('{"type":"apiKey"}')).toThrow(InvalidArgumentError);
  });

  it('sends a bearer token as Authorization', async () => {
    const tool = secured('who_am_i', {
      authCredential: {
        authType: 'http',
        http: { scheme: 'bearer', credentials: { token: PET_STORE_TOKEN } },
      },
    });
    expect(await tool.runAsync({ args: {}, context: await toolContext() })).toEqual({
      user: 'ada',
    });
    expect(store.requests.at(-1)?.headers.authorization).toBe(`Bearer ${PET_STORE_TOKEN}`);
  });

  it('without a credential asks the client and answers pending, sending nothing', async () => {
    const before = store.requests.length;
    const context = await toolContext();
    const result = await secured('who_am_i').runAsync({ args: {}, context });
    expect(result).toEqual({
      pending: true,
      message: 'Needs your authorization to access your data.',
    });
    expect(store.requests).toHaveLength(before);
    expect(context.actions.requestedAuthConfigs['call-1']).toMatchObject({
      authScheme: { type: 'http', scheme: 'bearer' },
    });
  });

  it('a credential the scheme cannot send is error text, and nothing is sent', async () => {
    const before = store.requests.length;
    const tool = secured('who_am_i', { authCredential: { authType: 'apiKey', apiKey: 'k' } });
    const result = await tool.runAsync({ args: {}, context: await toolContext() });
    expect(result).toEqual({
      error: expect.stringContaining(
        'Invalid security scheme and credential combination',
      ) as unknown,
    });
    expect(store.requests).toHaveLength(before);
  });

  it('a wrong key is the API 401, returned to the model as data', async () => {
    const tool = secured('open_vault', { authCredential: { authType: 'apiKey', apiKey: 'wrong' } });
    const result = await tool.runAsync({ args: {}, context: await toolContext() });
    expect(result).toEqual({
      error: expect.stringContaining(
        'Execution Error: Status Code: 401, {"message":"bad api key"}',
      ) as unknown,
    });
  });
});
