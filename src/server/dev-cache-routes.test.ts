import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import {
  CACHED_AGENT,
  EXPECTED_CACHED_AGENT_REPORT,
  HELPER_AGENT,
  createCacheSession,
} from '../context/cache-performance-test-fixtures.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { serveApiServer, type ApiServerHandle } from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

// The dev server's context-cache report (spec 004 §6 CachePerformanceAnalyzer) over a real listening server.

const sessionService = new InMemorySessionService();
let server: ApiServerHandle;
let plain: ApiServerHandle;
const SESSION = '/apps/cache_app/users/u1/sessions/s1';

beforeAll(async () => {
  const agent = new LlmAgent({
    name: CACHED_AGENT,
    model: new ScriptedLlm({ responses: [textResponse('hi')] }),
  });
  const agentLoader = new StaticAgentLoader({ apps: { cache_app: agent } });
  server = await serveApiServer({ port: 0, agentLoader, sessionService, dev: {} });
  plain = await serveApiServer({ port: 0, agentLoader, sessionService });
  await createCacheSession(sessionService, { appName: 'cache_app', userId: 'u1', sessionId: 's1' });
  await sessionService.createSession({ appName: 'cache_app', userId: 'u1', sessionId: 'empty' });
});

afterAll(async () => {
  await server.close();
  await plain.close();
});

async function getJson(base: string, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, body: await response.json() };
}

describe('GET /dev/apps/{app}/users/{user}/sessions/{session}/cache_performance', () => {
  it('lists one report per agent with cache metadata, figures as computed by hand', async () => {
    const { status, body } = await getJson(server.url, `/dev${SESSION}/cache_performance`);
    expect(status).toBe(200);
    expect(body).toStrictEqual([
      { agentName: CACHED_AGENT, report: EXPECTED_CACHED_AGENT_REPORT },
      {
        agentName: HELPER_AGENT,
        report: expect.objectContaining({ status: 'active', totalCachedTokens: 900 }) as unknown,
      },
    ]);
  });

  it('?agent_name= (or agentName) narrows to one agent; an agent without cache use is no_cache_data', async () => {
    const one = await getJson(
      server.url,
      `/dev${SESSION}/cache_performance?agent_name=${CACHED_AGENT}`,
    );
    expect(one.body).toStrictEqual([
      { agentName: CACHED_AGENT, report: EXPECTED_CACHED_AGENT_REPORT },
    ]);
    const camel = await getJson(
      server.url,
      `/dev${SESSION}/cache_performance?agentName=${CACHED_AGENT}`,
    );
    expect(camel.body).toStrictEqual(one.body);
    const none = await getJson(server.url, `/dev${SESSION}/cache_performance?agent_name=nobody`);
    expect(none.body).toStrictEqual([{ agentName: 'nobody', report: { status: 'no_cache_data' } }]);
  });

  it('a session without cache metadata lists no agent; a missing session is 404, a bad app name 400', async () => {
    expect(
      (await getJson(server.url, '/dev/apps/cache_app/users/u1/sessions/empty/cache_performance'))
        .body,
    ).toStrictEqual([]);
    const missing = await getJson(
      server.url,
      '/dev/apps/cache_app/users/u1/sessions/nope/cache_performance',
    );
    expect(missing.status).toBe(404);
    const badApp = await getJson(
      server.url,
      '/dev/apps/bad-app!/users/u1/sessions/s1/cache_performance',
    );
    expect(badApp.status).toBe(400);
  });

  it('is a dev route: the plain API server does not serve it, and OpenAPI describes it', async () => {
    expect((await fetch(`${plain.url}/dev${SESSION}/cache_performance`)).status).toBe(404);
    const document = (await getJson(server.url, '/openapi.json')).body as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(document.paths).toHaveProperty([
      '/dev/apps/{app_name}/users/{user_id}/sessions/{session_id}/cache_performance',
    ]);
    expect(document.components.schemas['AgentCachePerformance']?.properties).toHaveProperty([
      'report',
    ]);
  });
});
