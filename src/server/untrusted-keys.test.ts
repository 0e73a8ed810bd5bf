import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../runner/app.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedAgent, modelText } from '../testing/test-agents.js';
import { serveApiServer, type ApiServerHandle } from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

// Request bodies are written as JSON text: `__proto__` is then a plain key, as a client sends it.
const KEYED = '{"__proto__": {"polluted": "yes"}, "constructor": 1, "prototype": {"a": 1}}';
const KEYS = ['__proto__', 'constructor', 'prototype'];

const sessionService = new InMemorySessionService();
let server: ApiServerHandle;

beforeAll(async () => {
  server = await serveApiServer({
    port: 0,
    agentLoader: new StaticAgentLoader({
      apps: {
        echo: new App({
          name: 'echo',
          rootAgent: new ScriptedAgent({
            name: 'echo_agent',
            steps: [{ content: modelText('hi') }],
          }),
        }),
      },
    }),
    sessionService,
  });
});

afterAll(async () => {
  await server.close();
});

async function send(method: string, path: string, body: string): Promise<unknown> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body,
  });
  expect(response.status).toBe(200);
  return JSON.parse(await response.text()) as unknown;
}

async function stored(sessionId: string): Promise<Record<string, unknown>> {
  const session = await sessionService.getSession({ appName: 'echo', userId: 'u', sessionId });
  return session!.state;
}

function expectOwnKeys(value: unknown, keys: readonly string[]): void {
  expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  expect(Object.keys(value as object)).toEqual(keys);
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
}

describe('HTTP bodies keep __proto__, constructor and prototype as data (issue 16 §5)', () => {
  it('POST …/sessions state and PATCH state_delta', async () => {
    const created = (await send('POST', '/apps/echo/users/u/sessions', `{"state": ${KEYED}}`)) as {
      id: string;
      state: unknown;
    };
    expectOwnKeys(created.state, KEYS);
    expectOwnKeys(await stored(created.id), KEYS);
    const patched = (await send(
      'PATCH',
      `/apps/echo/users/u/sessions/${created.id}`,
      `{"state_delta": {"__proto__": {"b": 2}, "other": 1}}`,
    )) as { state: Record<string, unknown> };
    expectOwnKeys(patched.state, [...KEYS, 'other']);
    const state = await stored(created.id);
    expectOwnKeys(state, [...KEYS, 'other']);
    expect(Object.getOwnPropertyDescriptor(state, '__proto__')?.value).toEqual({ b: 2 });
  });

  it('/run stateDelta and customMetadata', async () => {
    const created = (await send('POST', '/apps/echo/users/u/sessions', '{}')) as { id: string };
    const events = (await send(
      'POST',
      '/run',
      `{"appName": "echo", "userId": "u", "sessionId": "${created.id}",
        "newMessage": {"role": "user", "parts": [{"text": "hi"}]},
        "stateDelta": ${KEYED}, "customMetadata": ${KEYED}}`,
    )) as Array<{ customMetadata?: unknown }>;
    expectOwnKeys(events[0]?.customMetadata, KEYS);
    expectOwnKeys(await stored(created.id), KEYS);
    const session = await sessionService.getSession({
      appName: 'echo',
      userId: 'u',
      sessionId: created.id,
    });
    for (const event of session!.events) expectOwnKeys(event.customMetadata, KEYS);
  });
});
