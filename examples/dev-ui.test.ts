import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startCli, type RunningCli } from '../test/cli/cli-process.js';

/*
 * examples/dev-ui (docs/dev-ui.md): `adk web examples/dev-ui` serves the
 * demo app and the dev UI routes; the app streams, calls its tools, saves
 * artifacts and waits for the long-running approval, as the UI shows them.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let cli: RunningCli;
let url: string;

interface Frame {
  id: string;
  author: string;
  partial?: boolean;
  longRunningToolIds?: string[];
  content?: { parts?: Record<string, unknown>[] };
  actions?: { stateDelta?: Record<string, unknown>; artifactDelta?: Record<string, number> };
}

/** One event of `/run_live`, with the live fields this test reads. */
interface LiveFrame extends Frame {
  turnComplete?: boolean;
  inputTranscription?: { text?: string };
  outputTranscription?: { text?: string };
}

beforeAll(async () => {
  cli = startCli(
    [
      'web',
      'examples/dev-ui',
      '--port',
      '0',
      '--session_service_uri',
      'memory://',
      '--artifact_service_uri',
      'memory://',
      '--logo_text',
      'Dev UI demo',
    ],
    { cwd: root },
  );
  [, url = ''] = await cli.waitForOutput(/started at (http:\/\/127\.0\.0\.1:\d+)/);
  await cli.waitForOutput(/Dev UI: http/);
}, 30_000);

afterAll(async () => {
  cli.child.kill('SIGINT');
  await cli.exited;
});

async function newSession(appName = 'dev_ui_demo'): Promise<string> {
  const response = await fetch(`${url}/apps/${appName}/users/user/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

async function runSse(body: Record<string, unknown>): Promise<Frame[]> {
  const response = await fetch(`${url}/run_sse`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ appName: 'dev_ui_demo', userId: 'user', streaming: true, ...body }),
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => JSON.parse(frame.slice('data: '.length)) as Frame);
}

function texts(frames: Frame[], partial: boolean): string[] {
  return frames
    .filter((frame) => Boolean(frame.partial) === partial)
    .flatMap((frame) => frame.content?.parts ?? [])
    .flatMap((part) => (typeof part['text'] === 'string' ? [part['text']] : []));
}

describe('examples/dev-ui with adk web', () => {
  it('serves the dev UI routes with the logo text', async () => {
    expect(await (await fetch(`${url}/list-apps`)).json()).toEqual(['dev_ui_demo', 'voice_demo']);
    expect(await (await fetch(`${url}/dev-ui/config`)).json()).toEqual({
      logo_text: 'Dev UI demo',
      logo_image_url: null,
    });
    const home = await fetch(`${url}/`, { redirect: 'manual' });
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toBe('/dev-ui/');
    const page = await fetch(`${url}/dev-ui/`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // The built UI when `npm run build` ran (CI builds first), else the page saying to build it.
    const html = await page.text();
    if (page.status === 200) expect(html).toContain('<div id="app"></div>');
    else expect([page.status, html.includes('npm run build')]).toEqual([503, true]);
  });

  it('streams the weather answer and records the city in the state', async () => {
    const sessionId = await newSession();
    const frames = await runSse({
      sessionId,
      newMessage: { role: 'user', parts: [{ text: 'weather in Lisbon' }] },
    });
    expect(texts(frames, true).join('')).toBe(
      'Let me look up the weather in Lisbon.It is clear and 22 °C in Lisbon.',
    );
    expect(texts(frames, false)).toEqual([
      'Let me look up the weather in Lisbon.',
      'It is clear and 22 °C in Lisbon.',
    ]);
    const state = frames.find((frame) => frame.actions?.stateDelta?.['last_city']);
    expect(state?.actions?.stateDelta).toEqual({ checked_cities: ['Lisbon'], last_city: 'Lisbon' });
  });

  it('saves the report artifacts', async () => {
    const sessionId = await newSession();
    const frames = await runSse({
      sessionId,
      newMessage: { role: 'user', parts: [{ text: 'make a report' }] },
    });
    const saved = frames.find(
      (frame) => frame.actions?.artifactDelta?.['report.txt'] !== undefined,
    );
    expect(saved?.actions?.artifactDelta).toEqual({ 'report.txt': 0, 'chart.svg': 0 });
    const names = await fetch(`${url}/apps/dev_ui_demo/users/user/sessions/${sessionId}/artifacts`);
    expect(((await names.json()) as string[]).sort()).toEqual(['chart.svg', 'report.txt']);
  });

  it('waits for the approval and quotes the answer sent back', async () => {
    const sessionId = await newSession();
    const first = await runSse({
      sessionId,
      newMessage: { role: 'user', parts: [{ text: 'approve my day off' }] },
    });
    const callEvent = first.find((frame) => frame.longRunningToolIds?.length);
    const callId = callEvent?.longRunningToolIds?.[0];
    expect(callId).toBeTruthy();
    const second = await runSse({
      sessionId,
      functionCallEventId: callEvent!.id,
      newMessage: {
        role: 'user',
        parts: [
          { functionResponse: { id: callId, name: 'ask_approval', response: { approved: true } } },
        ],
      },
    });
    expect(texts(second, false)).toEqual(['The approver answered: {"approved":true}']);
  });
});

describe('examples/dev-ui credential request', () => {
  it('asks for the quote service key and quotes once the dev UI sent it', async () => {
    const sessionId = await newSession();
    const first = await runSse({
      sessionId,
      newMessage: { role: 'user', parts: [{ text: 'quote goog' }] },
    });
    const request = first
      .flatMap((frame) => (frame.content?.parts ?? []).map((part) => ({ frame, part })))
      .find(({ part }) => {
        const call = part['functionCall'] as { name?: string } | undefined;
        return call?.name === 'adk_request_credential';
      });
    expect(request).toBeDefined();
    const call = request!.part['functionCall'] as {
      id: string;
      args: { authConfig: Record<string, unknown> };
    };
    expect(texts(first, false).at(-1)).toMatch(/needs an API key/);
    // What the dev UI's credential card sends: the auth config with the key filled in.
    const second = await runSse({
      sessionId,
      functionCallEventId: request!.frame.id,
      newMessage: {
        role: 'user',
        parts: [
          {
            functionResponse: {
              id: call.id,
              name: 'adk_request_credential',
              response: {
                ...call.args.authConfig,
                exchangedAuthCredential: { authType: 'apiKey', apiKey: 'demo-key' },
              },
            },
          },
        ],
      },
    });
    expect(texts(second, false)).toEqual(['GOOG trades at 123.45 USD.']);
  });
});

describe('examples/dev-ui voice_demo over /run_live', () => {
  it('answers two seconds of microphone audio with a chime and both transcriptions', async () => {
    const sessionId = await newSession('voice_demo');
    const query = new URLSearchParams({
      app_name: 'voice_demo',
      user_id: 'user',
      session_id: sessionId,
      modalities: 'AUDIO',
    });
    const socket = new WebSocket(`${url.replace('http:', 'ws:')}/run_live?${query.toString()}`);
    const events: LiveFrame[] = [];
    const turnEnded = new Promise<void>((resolve, reject) => {
      socket.on('message', (data: Buffer) => {
        const event = JSON.parse(data.toString('utf8')) as LiveFrame;
        events.push(event);
        if (event.turnComplete) resolve();
      });
      socket.on('close', (code) => reject(new Error(`closed with ${code} before the turn ended`)));
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    // Two seconds of a half-scale tone in 100 ms chunks, as the dev UI sends them.
    const chunk = Buffer.alloc(1600 * 2);
    for (let index = 0; index < 1600; index += 1) {
      chunk.writeInt16LE(Math.round(0.5 * 0x7fff * Math.sin(index / 5)), index * 2);
    }
    for (let sent = 0; sent < 20; sent += 1) {
      socket.send(
        JSON.stringify({
          blob: { mime_type: 'audio/pcm;rate=16000', data: chunk.toString('base64') },
        }),
      );
    }
    await turnEnded;
    socket.send(JSON.stringify({ close: true }));
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));

    expect(events.find((event) => event.inputTranscription)?.inputTranscription?.text).toBe(
      '(two seconds of sound, peak level 50%)',
    );
    const audio = events.flatMap((event) => event.content?.parts ?? [])[0]?.['inlineData'];
    expect(audio).toMatchObject({ mimeType: 'audio/pcm;rate=24000' });
    expect(events.find((event) => event.outputTranscription)?.outputTranscription?.text).toBe(
      'I heard two seconds of sound; its peak level was 50%.',
    );
  });
});

describe('adk api_server', () => {
  it('does not serve the dev UI', async () => {
    const server = startCli(
      ['api_server', 'examples/dev-ui', '--port', '0', '--session_service_uri', 'memory://'],
      { cwd: root },
    );
    try {
      const [, base] = await server.waitForOutput(/started at (http:\/\/127\.0\.0\.1:\d+)/);
      expect((await fetch(`${base}/dev-ui/config`)).status).toBe(404);
      expect((await fetch(`${base}/`, { redirect: 'manual' })).status).toBe(404);
    } finally {
      server.child.kill('SIGINT');
      await server.exited;
    }
  });
});
