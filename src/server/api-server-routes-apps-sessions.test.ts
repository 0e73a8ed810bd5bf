import { describe, expect, it } from 'vitest';
import type { RouteCase } from './api-server-test-fixtures.js';
import { useApiServer, call, freshId, createSession } from './api-server-test-fixtures.js';

useApiServer();

describe('API server routes (adk-python api_server, reference §2.1): status codes and bodies', () => {
  // One row per route and outcome: the status code adk-python gives, and what the body holds.
  const cases: RouteCase[] = [
    {
      name: 'GET /health',
      request: async () => ({ method: 'GET', path: '/health' }),
      status: 200,
      check: ({ json }) => expect(json).toEqual({ status: 'ok' }),
    },
    {
      name: 'GET /version',
      request: async () => ({ method: 'GET', path: '/version' }),
      status: 200,
      check: ({ json }) =>
        expect(json).toEqual({
          version: '9.9.9',
          language: 'typescript',
          language_version: process.versions.node,
        }),
    },
    {
      name: 'GET /list-apps: the names, sorted',
      request: async () => ({ method: 'GET', path: '/list-apps?relative_path=./' }),
      status: 200,
      check: ({ json }) => expect(json).toEqual(['echo', 'weather']),
    },
    {
      name: 'GET /list-apps?detailed=true: AppInfo in camelCase, agents null',
      request: async () => ({ method: 'GET', path: '/list-apps?detailed=true' }),
      status: 200,
      check: ({ json }) =>
        expect(json).toEqual({
          apps: [
            {
              name: 'echo',
              rootAgentName: 'echo_agent',
              description: 'Says hello.',
              language: 'typescript',
              isComputerUse: false,
              agents: null,
            },
            {
              name: 'weather',
              rootAgentName: 'weather_agent',
              description: 'Answers weather questions.',
              language: 'typescript',
              isComputerUse: false,
              agents: null,
            },
          ],
        }),
    },
    {
      name: 'GET /list-apps?detailed=maybe: 422 (not a boolean)',
      request: async () => ({ method: 'GET', path: '/list-apps?detailed=maybe' }),
      status: 422,
      check: ({ json }) =>
        expect(json).toMatchObject({
          detail: [{ type: 'bool_parsing', loc: ['query', 'detailed'] }],
        }),
    },
    {
      name: 'unknown route: 404 {"detail": "Not Found"}',
      request: async () => ({ method: 'GET', path: '/no/such/route' }),
      status: 404,
      check: ({ json }) => expect(json).toEqual({ detail: 'Not Found' }),
    },
    {
      name: 'POST sessions with an id and state',
      request: async () => ({
        method: 'POST',
        path: '/apps/weather/users/ada/sessions',
        body: { sessionId: freshId('create'), state: { topic: 'rain', nested: { user_key: 1 } } },
      }),
      status: 200,
      check: ({ json }) => {
        expect(json).toMatchObject({
          appName: 'weather',
          userId: 'ada',
          state: { topic: 'rain', nested: { user_key: 1 } },
          events: [],
        });
        expect(typeof (json as { lastUpdateTime: unknown }).lastUpdateTime).toBe('number');
      },
    },
    {
      name: 'POST sessions with snake_case keys (session_id)',
      request: async () => ({
        method: 'POST',
        path: '/apps/weather/users/ada/sessions',
        body: { session_id: 'snake_case_id' + freshId('') },
      }),
      status: 200,
      check: ({ json }) => expect((json as { id: string }).id).toMatch(/^snake_case_id/),
    },
    {
      name: 'POST sessions without a body: a uuid4 id',
      request: async () => ({ method: 'POST', path: '/apps/weather/users/ada/sessions' }),
      status: 200,
      check: ({ json }) =>
        expect((json as { id: string }).id).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        ),
    },
    {
      name: 'POST sessions with an id already taken: 409',
      request: async () => {
        const id = await createSession('weather', 'ada', { sessionId: freshId('taken') });
        return {
          method: 'POST',
          path: '/apps/weather/users/ada/sessions',
          body: { sessionId: id },
        };
      },
      status: 409,
      check: ({ json }) => expect((json as { detail: string }).detail).toMatch(/already exists/),
    },
    {
      name: 'POST sessions with malformed JSON: 422 json_invalid',
      request: async () => ({
        method: 'POST',
        path: '/apps/weather/users/ada/sessions',
        body: '{"sessionId": ',
      }),
      status: 422,
      check: ({ json }) =>
        expect(json).toEqual({
          detail: [{ type: 'json_invalid', loc: ['body'], msg: 'JSON decode error' }],
        }),
    },
    {
      name: 'POST sessions with a state that is not an object: 422',
      request: async () => ({
        method: 'POST',
        path: '/apps/weather/users/ada/sessions',
        body: { state: [1, 2] },
      }),
      status: 422,
      check: ({ json }) => expect(json).toMatchObject({ detail: [{ loc: ['body', 'state'] }] }),
    },
    {
      name: 'POST sessions under an invalid app name: 400',
      request: async () => ({
        method: 'POST',
        path: '/apps/bad-name/users/ada/sessions',
        body: {},
      }),
      status: 400,
      check: ({ json }) => expect((json as { detail: string }).detail).toMatch(/Invalid app name/),
    },
    {
      name: 'POST sessions/{id} (deprecated) with the state as the body',
      request: async () => ({
        method: 'POST',
        path: `/apps/weather/users/ada/sessions/${freshId('legacy')}`,
        body: { colour: 'blue' },
      }),
      status: 200,
      check: ({ json }) => expect(json).toMatchObject({ state: { colour: 'blue' } }),
    },
    {
      name: 'GET a session that does not exist: 404',
      request: async () => ({ method: 'GET', path: '/apps/weather/users/ada/sessions/missing' }),
      status: 404,
      check: ({ json }) => expect((json as { detail: string }).detail).toMatch(/Session not found/),
    },
    {
      name: 'PATCH a session that does not exist: 404',
      request: async () => ({
        method: 'PATCH',
        path: '/apps/weather/users/ada/sessions/missing',
        body: { stateDelta: { a: 1 } },
      }),
      status: 404,
    },
    {
      name: 'PATCH without stateDelta: 422 missing',
      request: async () => {
        const id = await createSession('weather', 'ada');
        return { method: 'PATCH', path: `/apps/weather/users/ada/sessions/${id}`, body: {} };
      },
      status: 422,
      check: ({ json }) =>
        expect(json).toEqual({
          detail: [{ type: 'missing', loc: ['body', 'stateDelta'], msg: 'Field required' }],
        }),
    },
    {
      name: 'PATCH with state_delta: a user event p-<uuid> carries the delta',
      request: async () => {
        const id = await createSession('weather', 'ada', { state: { kept: true } });
        return {
          method: 'PATCH',
          path: `/apps/weather/users/ada/sessions/${id}`,
          body: { state_delta: { mood: 'sunny', 'user:lang': 'pt' } },
        };
      },
      status: 200,
      check: ({ json }) => {
        const session = json as { state: unknown; events: Record<string, unknown>[] };
        expect(session.state).toEqual({ kept: true, mood: 'sunny', 'user:lang': 'pt' });
        expect(session.events).toHaveLength(1);
        expect(session.events[0]).toMatchObject({
          author: 'user',
          invocationId: expect.stringMatching(/^p-[0-9a-f-]{36}$/),
          actions: {
            stateDelta: { mood: 'sunny', 'user:lang': 'pt' },
            artifactDelta: {},
            requestedAuthConfigs: {},
            requestedToolConfirmations: {},
          },
          nodeInfo: { path: '' },
        });
      },
    },
    {
      name: 'DELETE a session: null, and it is gone',
      request: async () => {
        const id = await createSession('weather', 'ada');
        return { method: 'DELETE', path: `/apps/weather/users/ada/sessions/${id}` };
      },
      status: 200,
      check: ({ json }) => expect(json).toBeNull(),
    },
  ];

  it.each(cases)('$name → $status', async ({ request, status, check }) => {
    const { method, path, body } = await request();
    const reply = await call(method, path, body);
    expect(reply.status, reply.text).toBe(status);
    if (reply.text !== '') expect(reply.headers.get('content-type')).toMatch(/application\/json/);
    await check?.(reply);
  });
});
