import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { App } from '../runner/app.js';
import { createApiServer, type ApiServer } from '../server/create-api-server.js';
import { StaticAgentLoader } from '../server/static-agent-loader.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { createRecordRunHook } from './record-run-hook.js';
import { chainBeforeRunHooks, createReplayRunHook } from './replay-run-hook.js';

/*
 * Conformance replay and recording read their configuration as Python's
 * plugins do: from the run's state delta, else from the session state, so a
 * session created with `_adk_replay_config` in its state (a recorded
 * conversation opened in the dev UI) replays on every run instead of calling
 * the real model.
 */

const APP = 'replay_app';
let dir: string;
let api: ApiServer;
// What the real (live) model answers; replay must never reach it.
let liveAnswer = 'recorded answer';
const liveModel = new ScriptedLlm({ responses: () => textResponse(liveAnswer) });

function agent(model: ScriptedLlm): LlmAgent {
  return new LlmAgent({ name: 'replay_agent', model, instruction: 'Answer briefly.' });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'adk-replay-state-'));
  api = createApiServer({
    agentLoader: new StaticAgentLoader({ apps: { [APP]: agent(liveModel) } }),
    sessionService: new InMemorySessionService(),
    beforeRun: chainBeforeRunHooks(
      createReplayRunHook({
        loadFreshApp: (appName) =>
          Promise.resolve(
            new App({
              name: appName,
              rootAgent: agent(
                new ScriptedLlm({ responses: () => new Error('the fresh copy is replayed') }),
              ),
            }),
          ),
      }),
      createRecordRunHook(),
    ),
  });
});

afterAll(async () => {
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

async function post(route: string, body: unknown): Promise<Response> {
  return api.app.fetch(
    new Request(`http://127.0.0.1${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

async function newSession(state?: Record<string, unknown>): Promise<string> {
  const response = await post(`/apps/${APP}/users/u/sessions`, state ? { state } : {});
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

async function run(sessionId: string, stateDelta?: Record<string, unknown>): Promise<Response> {
  return post('/run', {
    appName: APP,
    userId: 'u',
    sessionId,
    newMessage: { role: 'user', parts: [{ text: 'hello' }] },
    ...(stateDelta ? { stateDelta } : {}),
  });
}

function lastText(events: { content?: { parts?: { text?: string }[] } }[]): string | undefined {
  return events.at(-1)?.content?.parts?.[0]?.text;
}

describe('conformance configuration in the session state', () => {
  beforeAll(async () => {
    // Record the turn with the live model (the config in the request's state delta).
    const recorded = await run(await newSession(), {
      _adk_recordings_config: { dir, user_message_index: 0 },
    });
    expect(recorded.status).toBe(200);
    expect(existsSync(path.join(dir, 'generated-recordings.yaml'))).toBe(true);
    liveAnswer = 'live answer';
  });

  it('a session created with _adk_replay_config replays its runs without the live model', async () => {
    const liveCalls = liveModel.requests.length;
    const sessionId = await newSession({
      _adk_replay_config: { dir, user_message_index: 0, streaming_mode: 'none' },
    });
    const replayed = await run(sessionId);
    expect(replayed.status).toBe(200);
    expect(lastText((await replayed.json()) as [])).toBe('recorded answer');
    expect(liveModel.requests.length).toBe(liveCalls);
  });

  it('names the session state when the configuration stored there is malformed', async () => {
    const sessionId = await newSession({ _adk_replay_config: { dir: 'relative' } });
    const response = await run(sessionId);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toContain(
      'Invalid _adk_replay_config in the session state',
    );
  });

  it('the state delta wins over the session state', async () => {
    const sessionId = await newSession({ _adk_replay_config: { dir: 'relative' } });
    const response = await run(sessionId, {
      _adk_replay_config: { dir, user_message_index: 0, streaming_mode: 'none' },
    });
    expect(response.status).toBe(200);
    expect(lastText((await response.json()) as [])).toBe('recorded answer');
  });
});
