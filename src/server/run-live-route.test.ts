import { afterEach, describe, expect, it } from 'vitest';
import { functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import {
  frameText,
  LiveClient,
  serveLiveApp,
  until,
  type LiveServer,
} from './run-live-test-fixtures.js';

// adk-python cli/adk_web_server.py `run_agent_live`, over a real socket on 127.0.0.1.

let served: LiveServer | undefined;

afterEach(async () => {
  await served?.server.close();
  served = undefined;
});

async function liveSession(
  turns: Parameters<typeof serveLiveApp>[0],
  query: Record<string, string | string[]> = {},
): Promise<{ live: LiveServer; client: LiveClient; sessionId: string }> {
  const live = await serveLiveApp(turns);
  served = live;
  const session = await live.sessionService.createSession({ appName: 'live', userId: 'u' });
  const client = new LiveClient(live.liveUrl({ session_id: session.id, ...query }));
  await client.opened;
  return { live, client, sessionId: session.id };
}

describe('/run_live (adk-python adk_web_server.py run_agent_live)', () => {
  it('answers a text turn: partial and final events as wire JSON, then closes 1000 on close', async () => {
    const { live, client, sessionId } = await liveSession(
      [
        [
          textResponse('Hel', { partial: true }),
          textResponse('lo', { partial: true }),
          textResponse('Hello'),
          { turnComplete: true },
        ],
      ],
      { modalities: 'TEXT' },
    );
    client.send({ content: { role: 'user', parts: [{ text: 'hi' }] } });
    await client.waitFor((frame) => frame['turnComplete'] === true);
    client.send({ close: true });
    const closed = await client.closed;

    expect(closed.code).toBe(1000);
    expect(client.frames.map((frame) => [frameText(frame), frame['partial'] === true])).toEqual([
      ['Hel', true],
      ['lo', true],
      ['Hello', false],
      [undefined, false],
    ]);
    // Events go out as the HTTP API sends them: camelCase, with Python's non-None defaults.
    expect(client.frames[2]).toMatchObject({
      author: 'live_agent',
      invocationId: expect.any(String),
      actions: { stateDelta: {} },
    });
    expect(live.model.requests[0]?.liveConnectConfig?.responseModalities).toEqual(['TEXT']);
    expect(live.model.connections[0]?.contents).toEqual([
      { role: 'user', parts: [{ text: 'hi' }] },
    ]);
    const session = await live.sessionService.getSession({
      appName: 'live',
      userId: 'u',
      sessionId,
    });
    expect(session?.events.map((event) => event.author)).toEqual([
      'user',
      'live_agent',
      'live_agent',
    ]);
  });

  it('answers a function call inside the live session', async () => {
    const { live, client } = await liveSession([
      [functionCallResponse('get_weather', { city: 'Paris' })],
      [textResponse('Sunny in Paris.'), { turnComplete: true }],
    ]);
    client.send({ content: { role: 'user', parts: [{ text: 'weather?' }] } });
    await client.waitFor((frame) => frame['turnComplete'] === true);
    client.send({ close: true });
    await client.closed;

    type Parts = { parts: Record<string, Record<string, unknown>>[] };
    const parts = client.frames.map((frame) => (frame['content'] as Parts | undefined)?.parts[0]);
    expect(parts[0]?.['functionCall']).toMatchObject({
      name: 'get_weather',
      args: { city: 'Paris' },
    });
    expect(parts[1]?.['functionResponse']).toMatchObject({
      name: 'get_weather',
      id: parts[0]?.['functionCall']?.['id'],
      response: { weather: 'sunny in Paris' },
    });
    expect(frameText(client.frames[2]!)).toBe('Sunny in Paris.');
    // The response went back to the model in the session.
    expect(live.model.connections[0]?.contents.at(-1)?.parts?.[0]?.functionResponse).toMatchObject({
      name: 'get_weather',
    });
  });

  it('applies a state_delta frame to the session and sends audio_stream_end to the model', async () => {
    const { live, client, sessionId } = await liveSession([
      [textResponse('flushed'), { turnComplete: true }],
    ]);
    client.send({ state_delta: { 'user:language': 'fr', mood: 'calm' }, audio_stream_end: true });
    await client.waitFor((frame) => frame['turnComplete'] === true);
    client.send({ close: true });
    await client.closed;

    expect(live.model.connections[0]?.realtimeInputs).toEqual([{ audioStreamEnd: true }]);
    const session = await live.sessionService.getSession({
      appName: 'live',
      userId: 'u',
      sessionId,
    });
    expect(session?.state).toMatchObject({ 'user:language': 'fr', mood: 'calm' });
    expect(session?.events[0]).toMatchObject({
      author: 'user',
      actions: { stateDelta: { 'user:language': 'fr', mood: 'calm' } },
    });
    // Stored, not sent back: the client knows what it sent.
    expect(client.frames.some((frame) => frame['author'] === 'user')).toBe(false);
  });

  it('reads Python field names and camelCase alike: a snake_case blob, activity markers', async () => {
    const { live, client } = await liveSession([
      [textResponse('heard you'), { turnComplete: true }],
    ]);
    // adk-web's frame: blob with mime_type and base64 data.
    client.send({ blob: { mime_type: 'audio/pcm;rate=16000', data: 'AAEC' } });
    await client.waitFor((frame) => frame['turnComplete'] === true);
    client.send({ activity_start: {} });
    client.send({ activityEnd: {} });
    client.send({ blob: { mimeType: 'image/jpeg', data: '_-8' }, content: null });
    await until(() => (live.model.connections[0]?.realtimeInputs.length ?? 0) === 4);
    client.send({ close: true });
    expect((await client.closed).code).toBe(1000);

    expect(live.model.connections[0]?.realtimeInputs).toEqual([
      { blob: { mimeType: 'audio/pcm;rate=16000', data: 'AAEC' } },
      { activityStart: {} },
      { activityEnd: {} },
      { blob: { mimeType: 'image/jpeg', data: '_-8' } },
    ]);
  });

  it('maps the query to the live RunConfig: modalities, proactivity, affective dialog, resumption', async () => {
    const { live, client } = await liveSession([], {
      modalities: ['TEXT', 'AUDIO'],
      proactive_audio: 'true',
      enable_affective_dialog: 'false',
      enable_session_resumption: '1',
    });
    client.send({ content: { role: 'user', parts: [{ text: 'hi' }] } });
    await until(() => live.model.connections[0]?.contents.length === 1);
    client.send({ close: true });
    await client.closed;
    expect(live.model.requests[0]?.liveConnectConfig).toMatchObject({
      responseModalities: ['TEXT', 'AUDIO'],
      proactivity: { proactiveAudio: true },
      enableAffectiveDialog: false,
      sessionResumption: { transparent: true },
    });
  });

  it('defaults the modalities to AUDIO, as the reference does', async () => {
    const { live, client } = await liveSession([]);
    client.send({ content: { role: 'user', parts: [{ text: 'hi' }] } });
    await until(() => live.model.connections[0]?.contents.length === 1);
    client.send({ close: true });
    await client.closed;
    expect(live.model.requests[0]?.liveConnectConfig?.responseModalities).toEqual(['AUDIO']);
  });

  it('ends the run when the client disconnects: the model connection is closed', async () => {
    const { live, client } = await liveSession([[textResponse('Hel', { partial: true })]]);
    client.send({ content: { role: 'user', parts: [{ text: 'hi' }] } });
    await client.waitFor((frame) => frameText(frame) === 'Hel');
    client.socket.terminate();
    await until(() => live.model.connections[0]?.closed === true);
    // A server with no live run left shuts down at once (its tracker is idle).
    await live.server.close();
    served = undefined;
  });
});
