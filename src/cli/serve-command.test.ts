import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  ADK_SOURCE_URL,
  createAgentsDir,
  echoAgentSource,
  startCli,
} from '../../test/cli/cli-process.js';

/*
 * Issue 6 part 2, `adk api_server` / `adk web`: the CLI serves an agents
 * directory over the HTTP API (a real server on a free port) and shuts
 * down cleanly on Ctrl-C.
 */

let agentsDir: string;

// An app whose tool throws, with a message a remote client of api_server must not see.
const FAILING_TOOL_AGENT = `import { FunctionTool, LlmAgent } from '${ADK_SOURCE_URL}';
import { EchoLlm } from '../echo_model.js';

export const rootAgent = new LlmAgent({
  name: 'failing_agent',
  model: new EchoLlm(),
  tools: [
    new FunctionTool({
      name: 'get_weather',
      description: 'The weather in a city.',
      parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } } },
      execute: () => {
        throw new Error('weather backend 10.0.0.5 refused');
      },
    }),
  ],
});
`;

beforeAll(async () => {
  agentsDir = await createAgentsDir({
    echo_app: echoAgentSource(),
    other_app: echoAgentSource('other_agent'),
    failing_app: FAILING_TOOL_AGENT,
  });
});

afterAll(async () => {
  await rm(path.dirname(agentsDir), { recursive: true, force: true });
});

async function json(response: Response): Promise<unknown> {
  expect(response.status).toBe(200);
  return response.json();
}

describe.each(['api_server', 'web'])('adk %s AGENTS_DIR', (command) => {
  it('serves the apps on 127.0.0.1 and exits 0 on Ctrl-C (SIGINT)', async () => {
    const cli = startCli(
      [
        command,
        agentsDir,
        '--port',
        '0',
        '--session_service_uri',
        'memory://',
        '--artifact_service_uri',
        'memory://',
      ],
      { cwd: agentsDir },
    );
    const [, url] = await cli.waitForOutput(/started at (http:\/\/127\.0\.0\.1:\d+)/);
    expect(await json(await fetch(`${url}/list-apps`))).toEqual([
      'echo_app',
      'failing_app',
      'other_app',
    ]);
    const session = (await json(
      await fetch(`${url}/apps/echo_app/users/u1/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    )) as { id: string };
    const events = (await json(
      await fetch(`${url}/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          appName: 'echo_app',
          userId: 'u1',
          sessionId: session.id,
          newMessage: { role: 'user', parts: [{ text: 'weather Lima' }] },
        }),
      }),
    )) as { author: string; content: { parts: Record<string, unknown>[] } }[];
    expect(events.at(-1)?.content.parts[0]).toEqual({
      text: 'tool said {"city":"Lima","sky":"sunny"}',
    });
    // adk web is a local development server: like Python's, its error frames carry the
    // error's own message; api_server keeps hiding it.
    const failing = (await json(
      await fetch(`${url}/apps/failing_app/users/u1/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    )) as { id: string };
    const stream = await fetch(`${url}/run_sse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        appName: 'failing_app',
        userId: 'u1',
        sessionId: failing.id,
        newMessage: { role: 'user', parts: [{ text: 'weather Lima' }] },
      }),
    });
    const frames = (await stream.text()).split('\n\n').filter((frame) => frame !== '');
    const last = JSON.parse(frames.at(-1)!.slice('data: '.length)) as { error: string };
    expect(last.error.includes('weather backend 10.0.0.5 refused')).toBe(command === 'web');
    // The /run_live WebSocket is served on the same port (docs/live.md).
    const socket = new WebSocket(
      `${url!.replace(/^http/, 'ws')}/run_live?app_name=echo_app&user_id=u1&session_id=missing`,
    );
    const closed = await new Promise<[number, string]>((resolve) =>
      socket.on('close', (code, reason) => resolve([code, reason.toString()])),
    );
    expect(closed).toEqual([1002, 'Session not found']);
    cli.child.kill('SIGINT');
    const result = await cli.exited;
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Shutting down...');
  });
});

describe('adk api_server --reload_agents', () => {
  it('lists and runs an edited module (imported by agent.ts) without a restart', async () => {
    // Its own agents directory, so the listing of the other tests stays the same.
    const reloadDir = await createAgentsDir({});
    const appDir = path.join(reloadDir, 'reload_app');
    await mkdir(appDir, { recursive: true });
    await writeFile(
      path.join(appDir, 'agent.ts'),
      `import { LlmAgent } from '${ADK_SOURCE_URL}';\n` +
        `import { EchoLlm } from '../echo_model.js';\n` +
        `import { NAME } from './name.js';\n` +
        `export const rootAgent = new LlmAgent({ name: NAME, model: new EchoLlm() });\n`,
    );
    await writeFile(path.join(appDir, 'name.ts'), "export const NAME = 'before';\n");
    const cli = startCli(
      [
        'api_server',
        reloadDir,
        '--port',
        '0',
        '--reload_agents',
        '--session_service_uri',
        'memory://',
        '--artifact_service_uri',
        'memory://',
      ],
      { cwd: reloadDir },
    );
    const [, url] = await cli.waitForOutput(/started at (http:\/\/127\.0\.0\.1:\d+)/);
    const rootName = async (): Promise<string | undefined> => {
      const listing = (await json(await fetch(`${url}/list-apps?detailed=true`))) as {
        apps: { name: string; rootAgentName: string }[];
      };
      return listing.apps.find((app) => app.name === 'reload_app')?.rootAgentName;
    };
    const session = (await json(
      await fetch(`${url}/apps/reload_app/users/u1/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    )) as { id: string };
    const lastAuthor = async (): Promise<string | undefined> => {
      const events = (await json(
        await fetch(`${url}/run`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            appName: 'reload_app',
            userId: 'u1',
            sessionId: session.id,
            newMessage: { role: 'user', parts: [{ text: 'hi' }] },
          }),
        }),
      )) as { author: string }[];
      return events.at(-1)?.author;
    };
    expect(await rootName()).toBe('before');
    expect(await lastAuthor()).toBe('before');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeFile(path.join(appDir, 'name.ts'), "export const NAME = 'after';\n");
    expect(await rootName()).toBe('after');
    expect(await lastAuthor()).toBe('after');
    cli.child.kill('SIGINT');
    expect((await cli.exited).code).toBe(0);
    await rm(path.dirname(reloadDir), { recursive: true, force: true });
  });
});

it('adk web --eval_storage_uri gs://… exits 1 naming GCS (eval data stays in the agents directory)', async () => {
  const cli = startCli(['web', agentsDir, '--port', '0', '--eval_storage_uri', 'gs://evals'], {
    cwd: agentsDir,
    input: '',
  });
  const result = await cli.exited;
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('Google Cloud Storage (GCS)');
});

describe('adk api_server --a2a', () => {
  it("serves an app's agent.json as its A2A card (as adk-python does) and builds the others' cards", async () => {
    const a2aDir = await createAgentsDir({
      card_app: echoAgentSource('card_agent'),
      built_app: echoAgentSource('built_agent'),
    });
    const card = {
      capabilities: {},
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      description: 'Echoes, from agent.json.',
      name: 'card_agent',
      preferredTransport: 'JSONRPC',
      protocolVersion: '0.3.0',
      skills: [],
      url: 'http://localhost:8000/a2a/card_app',
      version: '0.0.1',
    };
    await writeFile(path.join(a2aDir, 'card_app', 'agent.json'), JSON.stringify(card));
    const cli = startCli(
      ['api_server', a2aDir, '--port', '0', '--session_service_uri', 'memory://', '--a2a'],
      { cwd: a2aDir },
    );
    const [, url] = await cli.waitForOutput(/started at (http:\/\/127\.0\.0\.1:\d+)/);
    expect(await json(await fetch(`${url}/a2a/card_app/.well-known/agent-card.json`))).toEqual(
      card,
    );
    expect(
      await json(await fetch(`${url}/a2a/built_app/.well-known/agent-card.json`)),
    ).toMatchObject({ name: 'built_agent', url: `${url}/a2a/built_app` });
    cli.child.kill('SIGINT');
    expect((await cli.exited).code).toBe(0);
    await rm(path.dirname(a2aDir), { recursive: true, force: true });
  });
});
