import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteA2aAgent } from '../a2a/remote-a2a-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { setLogger } from '../utils/logger.js';
import { serveApiServer, type ApiServerHandle } from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

/*
 * `--a2a` with an app's own `agent.json` (adk-python serves `/a2a/<app>` with
 * that card): a 0.3 file goes to 0.3 callers as written and to 1.0 callers
 * translated; a 1.0 file the other way round; apps without one keep the
 * card built from their tree; a broken file answers 500 saying what is wrong.
 */

function greeter(name: string): LlmAgent {
  return new LlmAgent({
    name,
    description: `The ${name}.`,
    model: new ScriptedLlm({ responses: () => textResponse(`hello from ${name}`) }),
  });
}

let agentsDir: string;
let server: ApiServerHandle;
const sessionService = new InMemorySessionService();

async function writeCard(appName: string, card: unknown): Promise<void> {
  await mkdir(path.join(agentsDir, appName), { recursive: true });
  await writeFile(
    path.join(agentsDir, appName, 'agent.json'),
    typeof card === 'string' ? card : JSON.stringify(card),
  );
}

function legacyCard(appName: string): Record<string, unknown> {
  return {
    capabilities: {},
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    description: 'Greets, from agent.json.',
    name: 'card_greeter',
    preferredTransport: 'JSONRPC',
    protocolVersion: '0.3.0',
    skills: [{ description: 'Greets.', id: 'greet', name: 'greet', tags: ['greeting'] }],
    securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
    supportsAuthenticatedExtendedCard: false,
    url: `${server.url}/a2a/${appName}`,
    version: '2.0.0',
  };
}

async function getCard(appName: string, version?: string): Promise<Response> {
  return fetch(`${server.url}/a2a/${appName}/.well-known/agent-card.json`, {
    headers: version ? { 'A2A-Version': version } : {},
  });
}

beforeAll(async () => {
  agentsDir = await mkdtemp(path.join(tmpdir(), 'a2a-agent-json-'));
  const apps = Object.fromEntries(
    [
      'plain_app',
      'legacy_app',
      'v1_app',
      'broken_app',
      'incomplete_app',
      'nourl_app',
      'push_app',
    ].map((name) => [name, greeter(name.replace(/_app$/, '_agent'))]),
  );
  server = await serveApiServer({
    port: 0,
    agentLoader: new StaticAgentLoader({ apps }),
    sessionService,
    a2a: { agentsDir },
  });
  await writeCard('legacy_app', legacyCard('legacy_app'));
  await writeCard('v1_app', {
    name: 'v1_greeter',
    description: 'Greets in 1.0.',
    version: '1.0.0',
    supportedInterfaces: [
      { url: `${server.url}/a2a/v1_app`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    ],
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'greet', name: 'greet', description: 'Greets.', tags: [] }],
  });
  await writeCard('broken_app', '{"name": "broken",');
  const { skills: _skills, ...withoutSkills } = legacyCard('incomplete_app');
  await writeCard('incomplete_app', withoutSkills);
  await writeCard('push_app', {
    ...legacyCard('push_app'),
    capabilities: { streaming: true, pushNotifications: true },
  });
  await writeCard('nourl_app', { ...legacyCard('nourl_app'), url: 'not a url' });
});

afterAll(async () => {
  await server.close();
  await rm(agentsDir, { recursive: true, force: true });
});

describe('api_server --a2a with agent.json cards', () => {
  it('serves a 0.3 agent.json as written to 0.3 callers, URL and security schemes included', async () => {
    const response = await getCard('legacy_app');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(legacyCard('legacy_app'));
    expect(await (await getCard('legacy_app', '0.3')).json()).toEqual(legacyCard('legacy_app'));
  });

  it('never lets an agent.json promise push notifications --a2a does not send', async () => {
    for (const version of [undefined, '1.0']) {
      const card = (await (await getCard('push_app', version)).json()) as {
        capabilities: Record<string, unknown>;
      };
      expect(card.capabilities).toMatchObject({ streaming: true, pushNotifications: false });
    }
  });

  it('serves a 0.3 agent.json translated to 1.0 callers', async () => {
    const card = (await (await getCard('legacy_app', '1.0')).json()) as Record<string, unknown>;
    expect(card).toMatchObject({
      name: 'card_greeter',
      version: '2.0.0',
      supportedInterfaces: [
        {
          url: `${server.url}/a2a/legacy_app`,
          protocolBinding: 'JSONRPC',
          protocolVersion: '0.3.0',
        },
      ],
      skills: [{ id: 'greet', tags: ['greeting'] }],
    });
    expect(card).not.toHaveProperty('url');
  });

  it('serves a 1.0 agent.json to 1.0 callers and its 0.3 form to 0.3 callers', async () => {
    expect(await (await getCard('v1_app', '1.0')).json()).toMatchObject({
      name: 'v1_greeter',
      supportedInterfaces: [{ url: `${server.url}/a2a/v1_app`, protocolVersion: '1.0' }],
    });
    expect(await (await getCard('v1_app')).json()).toMatchObject({
      name: 'v1_greeter',
      url: `${server.url}/a2a/v1_app`,
      protocolVersion: '0.3.0',
      preferredTransport: 'JSONRPC',
      capabilities: { streaming: true },
    });
  });

  it('keeps the card built from the agent tree for an app without agent.json', async () => {
    expect(await (await getCard('plain_app', '1.0')).json()).toMatchObject({
      name: 'plain_agent',
      description: 'The plain_agent.',
      supportedInterfaces: [{ url: `${server.url}/a2a/plain_app` }, expect.anything()],
    });
  });

  it('runs the app behind a 0.3 agent.json for a RemoteA2aAgent, on the server sessions', async () => {
    const remote = new RemoteA2aAgent({
      name: 'remote',
      agentCard: `${server.url}/a2a/legacy_app/.well-known/agent-card.json`,
    });
    const runner = new InMemoryRunner({ agent: remote, appName: 'caller' });
    await runner.sessionService.createSession({ appName: 'caller', userId: 'u', sessionId: 's' });
    const events: Event[] = [];
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: 's',
      newMessage: { role: 'user', parts: [{ text: 'hi' }] },
    })) {
      events.push(event);
    }
    const texts = events.flatMap((event) => event.content?.parts ?? []).map((part) => part.text);
    expect(texts).toContain('hello from legacy_agent');
    const contextId = events.at(-1)?.customMetadata?.['a2a:context_id'] as string;
    const session = await sessionService.getSession({
      appName: 'legacy_app',
      userId: `A2A_USER_${contextId}`,
      sessionId: contextId,
    });
    expect(session?.events.map((event) => event.author)).toEqual(['user', 'legacy_agent']);
  });

  it('answers 500 naming the file and the fault for a malformed agent.json, and reads it again once fixed', async () => {
    const cases: [string, RegExp][] = [
      ['broken_app', /^Invalid JSON in agent card file broken_app\/agent\.json: /],
      [
        'incomplete_app',
        /^Failed to resolve AgentCard from file incomplete_app\/agent\.json: .*skills/,
      ],
      [
        'nourl_app',
        /^Invalid agent card nourl_app\/agent\.json: Invalid RPC URL in agent card: not a url/,
      ],
    ];
    const logged: string[] = [];
    const record = (message: string) => void logged.push(message);
    setLogger({ debug: record, info: record, warn: record, error: record });
    try {
      for (const [appName, detail] of cases) {
        const card = await getCard(appName);
        expect(card.status).toBe(500);
        const body = (await card.json()) as { detail: string; requestId: string };
        expect(body.detail).toMatch(detail);
        expect(body.detail).not.toContain(agentsDir);
        expect(logged.at(-1)).toContain(body.requestId);
        const rpc = await fetch(`${server.url}/a2a/${appName}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: 'x' } }),
        });
        expect(rpc.status).toBe(500);
        expect(((await rpc.json()) as { detail: string }).detail).toMatch(detail);
      }
    } finally {
      setLogger();
    }
    await writeCard('broken_app', legacyCard('broken_app'));
    const fixed = await getCard('broken_app');
    expect(fixed.status).toBe(200);
    expect(await fixed.json()).toEqual(legacyCard('broken_app'));
  });
});
