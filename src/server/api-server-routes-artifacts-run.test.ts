import { describe, expect, it } from 'vitest';
import type { RouteCase } from './api-server-test-fixtures.js';
import { useApiServer, call, createSession, userMessage } from './api-server-test-fixtures.js';

useApiServer();

describe('API server routes (adk-python api_server, reference §2.1): status codes and bodies', () => {
  // One row per route and outcome: the status code adk-python gives, and what the body holds.
  const cases: RouteCase[] = [
    {
      name: 'POST artifacts with snake_case Part keys: the version metadata',
      request: async () => {
        const id = await createSession('weather', 'ada');
        return {
          method: 'POST',
          path: `/apps/weather/users/ada/sessions/${id}/artifacts`,
          body: {
            filename: 'report.txt',
            artifact: { inline_data: { mime_type: 'text/plain', data: 'aGVsbG8=' } },
            custom_metadata: { source: 'test' },
          },
        };
      },
      status: 200,
      check: ({ json }) =>
        expect(json).toMatchObject({
          version: 0,
          canonicalUri: expect.stringContaining('report.txt'),
          customMetadata: { source: 'test' },
          createTime: expect.any(Number),
          mimeType: 'text/plain',
        }),
    },
    {
      name: 'POST artifacts with a name that escapes its folder: 400',
      request: async () => ({
        method: 'POST',
        path: '/apps/weather/users/ada/sessions/s/artifacts',
        body: { filename: '../escape.txt', artifact: { text: 'x' } },
      }),
      status: 400,
    },
    {
      name: 'POST artifacts without an artifact: 422',
      request: async () => ({
        method: 'POST',
        path: '/apps/weather/users/ada/sessions/s/artifacts',
        body: { filename: 'a.txt' },
      }),
      status: 422,
      check: ({ json }) => expect(json).toMatchObject({ detail: [{ loc: ['body', 'artifact'] }] }),
    },
    {
      name: 'GET an artifact that does not exist: 404',
      request: async () => ({
        method: 'GET',
        path: '/apps/weather/users/ada/sessions/s/artifacts/nothing.txt',
      }),
      status: 404,
      check: ({ json }) => expect(json).toEqual({ detail: 'Artifact not found' }),
    },
    {
      name: 'GET an artifact with ?version=abc: 422',
      request: async () => ({
        method: 'GET',
        path: '/apps/weather/users/ada/sessions/s/artifacts/a.txt?version=abc',
      }),
      status: 422,
    },
    {
      name: 'GET an artifact version that is not a number or latest: 422',
      request: async () => ({
        method: 'GET',
        path: '/apps/weather/users/ada/sessions/s/artifacts/a.txt/versions/abc',
      }),
      status: 422,
    },
    {
      name: 'GET metadata of a missing artifact version: 404',
      request: async () => ({
        method: 'GET',
        path: '/apps/weather/users/ada/sessions/s/artifacts/a.txt/versions/3/metadata',
      }),
      status: 404,
      check: ({ json }) => expect(json).toEqual({ detail: 'Artifact version not found' }),
    },
    {
      name: 'PATCH memory for a missing session: 404',
      request: async () => ({
        method: 'PATCH',
        path: '/apps/weather/users/ada/memory',
        body: { sessionId: 'missing' },
      }),
      status: 404,
    },
    {
      name: 'PATCH memory without sessionId: 422',
      request: async () => ({ method: 'PATCH', path: '/apps/weather/users/ada/memory', body: {} }),
      status: 422,
    },
    {
      name: 'POST /run for an unknown app: 404',
      request: async () => ({
        method: 'POST',
        path: '/run',
        body: { appName: 'nowhere', userId: 'ada', sessionId: 's', newMessage: userMessage('hi') },
      }),
      status: 404,
    },
    {
      name: 'POST /run with an invalid app name: 400',
      request: async () => ({
        method: 'POST',
        path: '/run',
        body: { appName: '../etc', userId: 'ada', sessionId: 's', newMessage: userMessage('hi') },
      }),
      status: 400,
    },
    {
      name: 'POST /run without appName and no default app: 400',
      request: async () => ({
        method: 'POST',
        path: '/run',
        body: { userId: 'ada', sessionId: 's', newMessage: userMessage('hi') },
      }),
      status: 400,
    },
    {
      name: 'POST /run for a missing session: 404',
      request: async () => ({
        method: 'POST',
        path: '/run',
        body: {
          appName: 'echo',
          userId: 'ada',
          sessionId: 'missing',
          newMessage: userMessage('hi'),
        },
      }),
      status: 404,
      check: ({ json }) => expect(json).toEqual({ detail: 'Session not found: missing' }),
    },
    {
      name: 'POST /run with neither a message nor an invocation id: 400',
      request: async () => {
        const id = await createSession('echo', 'ada');
        return {
          method: 'POST',
          path: '/run',
          body: { appName: 'echo', userId: 'ada', sessionId: id },
        };
      },
      status: 400,
    },
    {
      name: 'POST /run with a message without parts: 400',
      request: async () => {
        const id = await createSession('echo', 'ada');
        return {
          method: 'POST',
          path: '/run',
          body: {
            appName: 'echo',
            userId: 'ada',
            sessionId: id,
            newMessage: { role: 'user', parts: [] },
          },
        };
      },
      status: 400,
    },
    {
      name: 'POST /run without userId: 422',
      request: async () => ({
        method: 'POST',
        path: '/run',
        body: { appName: 'echo', sessionId: 's', newMessage: userMessage('hi') },
      }),
      status: 422,
      check: ({ json }) =>
        expect(json).toEqual({
          detail: [{ type: 'missing', loc: ['body', 'userId'], msg: 'Field required' }],
        }),
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
