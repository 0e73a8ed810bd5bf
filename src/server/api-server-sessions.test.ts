import { describe, expect, it } from 'vitest';
import { useApiServer, call, freshId, createSession } from './api-server-test-fixtures.js';

useApiServer();

describe('sessions (reference §2.1)', () => {
  it('GET returns the session with its events in camelCase; list hides eval sessions and events', async () => {
    const id = await createSession('weather', 'grace');
    await createSession('weather', 'grace', { sessionId: '___eval___session___x' });
    await call('PATCH', `/apps/weather/users/grace/sessions/${id}`, { stateDelta: { a: 1 } });
    const one = await call('GET', `/apps/weather/users/grace/sessions/${id}`);
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({
      id,
      appName: 'weather',
      userId: 'grace',
      state: { a: 1 },
      events: [{ author: 'user', actions: { stateDelta: { a: 1 } } }],
    });
    const list = await call('GET', '/apps/weather/users/grace/sessions');
    expect(list.status).toBe(200);
    const sessions = list.json as { id: string; events: unknown[] }[];
    expect(sessions.map((session) => session.id)).toEqual([id]);
    expect(sessions[0]!.events).toEqual([]);
  });

  it('import: events in either casing are appended in order, user keys kept as written', async () => {
    const reply = await call('POST', '/apps/weather/users/ada/sessions', {
      sessionId: freshId('import'),
      events: [
        { author: 'user', content: { role: 'user', parts: [{ text: 'Weather?' }] }, timestamp: 1 },
        {
          author: 'weather_agent',
          invocation_id: 'e-1',
          content: {
            role: 'model',
            parts: [{ function_call: { name: 'get_weather', args: { city_name: 'Lisbon' } } }],
          },
          timestamp: 2,
        },
      ],
    });
    expect(reply.status, reply.text).toBe(200);
    const session = reply.json as { id: string; events: Record<string, unknown>[] };
    expect(session.events).toHaveLength(2);
    expect(session.events[1]).toMatchObject({
      invocationId: 'e-1',
      content: {
        parts: [{ functionCall: { name: 'get_weather', args: { city_name: 'Lisbon' } } }],
      },
    });
    const stored = await call('GET', `/apps/weather/users/ada/sessions/${session.id}`);
    expect((stored.json as { events: unknown[] }).events).toHaveLength(2);
  });

  it.each([
    ['a state delta', { actions: { stateDelta: { admin: true } } }, 'event actions'],
    ['long-running tool ids', { longRunningToolIds: ['call-1'] }, 'long-running tool IDs'],
    [
      'an ADK confirmation call',
      {
        content: {
          role: 'model',
          parts: [{ functionCall: { name: 'adk_request_confirmation', args: {} } }],
        },
      },
      'ADK protocol function calls',
    ],
  ])(
    'import: an event with %s is refused with 400 and no session is created',
    async (_what, fields, reason) => {
      const sessionId = freshId('forged');
      const reply = await call('POST', '/apps/weather/users/ada/sessions', {
        sessionId,
        events: [{ author: 'user', timestamp: 1, ...fields }],
      });
      expect(reply.status).toBe(400);
      expect(reply.json).toEqual({
        detail: `Session initialization event 0 cannot include ${reason}.`,
      });
      expect((await call('GET', `/apps/weather/users/ada/sessions/${sessionId}`)).status).toBe(404);
    },
  );

  it('import: an event that is not an event is a 422 naming the field', async () => {
    const reply = await call('POST', '/apps/weather/users/ada/sessions', {
      events: [{ author: 'user' }],
    });
    expect(reply.status).toBe(422);
    expect(reply.json).toMatchObject({ detail: [{ loc: ['body', 'events', 0] }] });
    expect(JSON.stringify(reply.json)).toContain('timestamp');
  });
});
