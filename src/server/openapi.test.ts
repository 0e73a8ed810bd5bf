import { afterAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { InMemorySpanStore } from '../telemetry/span-store.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { createApiServer, type ApiServer } from './create-api-server.js';
import { describedOperation, openApiPath, UNDOCUMENTED_PATHS } from './openapi-document.js';
import { OPERATIONS } from './openapi-operations.js';
import { StaticAgentLoader } from './static-agent-loader.js';

/*
 * GET /openapi.json and /docs (Python's FastAPI serves both): the document
 * is built from the routes the server registered and the zod request
 * schemas, so a route added without a description, or a description left
 * behind by a removed route, fails here.
 */

type Document = {
  openapi: string;
  info: { version: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>> };
};
type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
};

const servers: ApiServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

function server(full: boolean, urlPrefix?: string): ApiServer {
  const agent = new LlmAgent({
    name: 'a',
    model: new ScriptedLlm({ responses: [textResponse('hi')] }),
  });
  const api = createApiServer({
    agentLoader: new StaticAgentLoader({ apps: { a: agent } }),
    sessionService: new InMemorySessionService(),
    version: '9.9.9',
    ...(full ? { devUi: true, dev: { spanStore: new InMemorySpanStore() } } : {}),
    ...(urlPrefix ? { urlPrefix } : {}),
  });
  servers.push(api);
  return api;
}

async function documentOf(api: ApiServer, target = '/openapi.json'): Promise<Document> {
  const response = await api.app.request(target);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as Document;
}

/** The server's own routes (hono's list), in OpenAPI form, without middleware and docs routes. */
function registeredRoutes(api: ApiServer, urlPrefix?: string): string[] {
  return api.app.routes
    .filter((route) => route.method !== 'ALL' && !UNDOCUMENTED_PATHS.has(route.path))
    .filter((route) => !urlPrefix || !route.path.startsWith(`${urlPrefix}/`))
    .map((route) => `${route.method} ${openApiPath(route.path)}`);
}

describe('GET /openapi.json', () => {
  it('lists every registered route with its method, a description, and its path parameters', async () => {
    const api = server(true);
    const document = await documentOf(api);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('9.9.9');
    const routes = registeredRoutes(api);
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const [method = '', path = ''] = route.split(' ');
      // Described in the table, not the fallback.
      expect(describedOperation(method, path), route).toBeDefined();
      const operation = document.paths[path]?.[method.toLowerCase()];
      expect(operation, route).toBeDefined();
      expect(operation!.summary, route).toBe(describedOperation(method, path)!.summary);
      const pathParameters = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(
        (operation!.parameters ?? [])
          .filter((parameter) => parameter.in === 'path')
          .map((p) => p.name),
        route,
      ).toEqual(pathParameters);
    }
    // Nothing else is listed, and every entry of the table is a route of the full server.
    const listed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual([...new Set(routes)].sort());
    expect(Object.keys(OPERATIONS).sort()).toEqual([...new Set(routes)].sort());
    const ids = listed.map((key) => {
      const [method = '', path = ''] = key.split(' ');
      return document.paths[path]![method.toLowerCase()]!.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('generates the request bodies from the zod request schemas', async () => {
    const document = await documentOf(server(false));
    const run = document.components.schemas['RunAgentRequest']!;
    expect(run['type']).toBe('object');
    expect(run['required']).toEqual(['userId', 'sessionId']);
    expect(Object.keys(run['properties'] as object)).toEqual(
      expect.arrayContaining(['appName', 'newMessage', 'streaming', 'stateDelta', 'invocationId']),
    );
    expect((run['properties'] as Record<string, unknown>)['newMessage']).toEqual({
      $ref: '#/components/schemas/Content',
    });
    // Content and Part are generated from the genai schemas the requests are checked with.
    const part = document.components.schemas['Part']!;
    expect(part['additionalProperties']).toBe(false);
    expect((part['properties'] as Record<string, unknown>)['text']).toEqual({ type: 'string' });
    expect(document.components.schemas['Content']!['properties']).toMatchObject({
      parts: { type: 'array', items: { $ref: '#/components/schemas/Part' } },
    });
    const runSse = document.paths['/run_sse']!['post']!;
    expect(runSse.requestBody!.content['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/RunAgentRequest',
    });
    expect(Object.keys(runSse.responses)).toEqual(['200', '422', 'default']);
    // Every reference resolves.
    const text = JSON.stringify(document);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/(\w+)"/g)) {
      expect(document.components.schemas, name).toHaveProperty(name!);
    }
  });

  it('describes only what the server serves: api_server has no dev routes', async () => {
    const document = await documentOf(server(false));
    expect(Object.keys(document.paths).some((path) => path.startsWith('/dev'))).toBe(false);
    expect(document.paths['/apps/{app_name}/users/{user_id}/sessions']).toBeDefined();
  });

  it('is served under the URL prefix too, listing each route once', async () => {
    const api = server(false, '/adk');
    const document = await documentOf(api, '/adk/openapi.json');
    expect(document.servers).toEqual([{ url: '/adk' }]);
    expect(Object.keys(document.paths).some((path) => path.startsWith('/adk'))).toBe(false);
    expect(document.paths['/health']).toBeDefined();
  });
});

describe('GET /docs', () => {
  it('is one self-contained HTML page listing every operation, working offline', async () => {
    const api = server(true);
    const response = await api.app.request('/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    const document = await documentOf(api);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const operation of Object.values(item)) {
        expect(page).toContain(`id="${operation.operationId}"`);
      }
      expect(page).toContain(`<code>${path}</code>`);
    }
    expect(page).toContain('href="openapi.json"');
    // No script and no remote asset.
    expect(page).not.toMatch(/<script|src=|https?:\/\//i);
  });
});
