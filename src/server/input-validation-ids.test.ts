import { describe, expect, it } from 'vitest';
import {
  useInputValidationServer,
  model,
  sessionService,
  call,
  newSession,
  message,
} from './input-validation-test-fixtures.js';

useInputValidationServer();

describe('ids (issue 15 §3: ids the database cannot hold, ids that become path components)', () => {
  it.each([
    'x'.repeat(129),
    'a\u0000b',
    '../x',
    'a/b',
    'a\\b',
    '..',
    '.',
    'tab\there',
    'half\ud800',
  ])('POST sessions with session id %j: 422, nothing created', async (sessionId) => {
    const before = (await sessionService.listSessions({ appName: 'app' })).sessions.length;
    const reply = await call('POST', '/apps/app/users/u/sessions', { sessionId });
    expect(reply.status, reply.text).toBe(422);
    expect((await sessionService.listSessions({ appName: 'app' })).sessions.length).toBe(before);
  });

  it('ids of 128 characters, with spaces, dots or non-ASCII letters work end to end', async () => {
    for (const sessionId of ['x'.repeat(128), 'a b', '.hidden', 'é😀', '...']) {
      const reply = await call('POST', '/apps/app/users/u/sessions', { sessionId });
      expect(reply.status, reply.text).toBe(200);
      const read = await call('GET', `/apps/app/users/u/sessions/${encodeURIComponent(sessionId)}`);
      expect((read.json as { id: string }).id).toBe(sessionId);
    }
  });

  it.each(['x%2Fy', 'x%5Cy', 'x%2Fsessions%2Fy', 'a%00b', 'x'.repeat(129)])(
    'user id %s in a path: 422 on the session and artifact routes, nothing stored',
    async (userId) => {
      const sessionId = await newSession();
      for (const [method, path, body] of [
        ['GET', `/apps/app/users/${userId}/sessions`],
        ['POST', `/apps/app/users/${userId}/sessions`, {}],
        ['GET', `/apps/app/users/u/sessions/${userId}`],
        [
          'POST',
          `/apps/app/users/${userId}/sessions/${sessionId}/artifacts`,
          { filename: 'user:f.txt', artifact: { text: 'x' } },
        ],
        ['GET', `/apps/app/users/${userId}/sessions/${sessionId}/artifacts`],
        ['PATCH', `/apps/app/users/${userId}/memory`, { sessionId }],
      ] as const) {
        const reply = await call(method, path, body);
        expect(reply.status, `${method} ${path}: ${reply.text}`).toBe(422);
        expect((reply.json as { detail: { loc: unknown[] }[] }).detail[0]?.loc[0]).toBe('path');
      }
    },
  );

  it('/run refuses a user or session id the rule refuses, before the agent runs', async () => {
    const calls = model.requests.length;
    for (const ids of [
      { userId: 'a/b', sessionId: 's' },
      { userId: 'u', sessionId: '..' },
      { userId: 'u', sessionId: 'x'.repeat(200) },
    ]) {
      const reply = await call('POST', '/run', {
        appName: 'app',
        ...ids,
        newMessage: message({ text: 'hi' }),
      });
      expect(reply.status, reply.text).toBe(422);
    }
    expect(model.requests.length).toBe(calls);
  });
});
