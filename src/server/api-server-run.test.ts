import { describe, expect, it } from 'vitest';
import { useApiServer, call, createSession, userMessage } from './api-server-test-fixtures.js';

useApiServer();

describe('POST /run (reference §2.1)', () => {
  it('runs the agent with its tool and answers every event in camelCase, defaults emitted', async () => {
    const id = await createSession('weather', 'ada');
    const reply = await call('POST', '/run', {
      appName: 'weather',
      userId: 'ada',
      sessionId: id,
      newMessage: userMessage('Weather in Lisbon?'),
    });
    expect(reply.status).toBe(200);
    const events = reply.json as Record<string, unknown>[];
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({
      author: 'weather_agent',
      invocationId: expect.stringMatching(/^e-/),
      content: {
        role: 'model',
        parts: [{ functionCall: { name: 'get_weather', args: { city: 'Lisbon' } } }],
      },
      actions: {
        stateDelta: {},
        artifactDelta: {},
        requestedAuthConfigs: {},
        requestedToolConfirmations: {},
      },
      nodeInfo: { path: '' },
    });
    expect(events[1]).toMatchObject({
      content: {
        role: 'user',
        parts: [
          { functionResponse: { name: 'get_weather', response: { report: 'Sunny in Lisbon' } } },
        ],
      },
    });
    expect(events[2]).toMatchObject({
      content: { parts: [{ text: 'Forecast: Sunny in Lisbon' }] },
    });
    expect(JSON.stringify(events)).not.toMatch(/"[a-z]+_[a-z]+":/);
    const stored = await call('GET', `/apps/weather/users/ada/sessions/${id}`);
    expect((stored.json as { events: unknown[] }).events).toHaveLength(4);
  });

  it('applies stateDelta with the user message and passes customMetadata to every event', async () => {
    const id = await createSession('echo', 'ada');
    const reply = await call('POST', '/run', {
      appName: 'echo',
      userId: 'ada',
      sessionId: id,
      newMessage: userMessage('hi'),
      stateDelta: { greeted: true },
      customMetadata: { trace: 't-1' },
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject([{ author: 'echo_agent', customMetadata: { trace: 't-1' } }]);
    const stored = await call('GET', `/apps/echo/users/ada/sessions/${id}`);
    expect(stored.json).toMatchObject({
      state: { greeted: true },
      events: [
        { author: 'user', actions: { stateDelta: { greeted: true } } },
        { author: 'echo_agent' },
      ],
    });
  });
});
