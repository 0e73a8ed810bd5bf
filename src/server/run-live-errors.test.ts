import { afterEach, describe, expect, it } from 'vitest';
import { ModelApiError } from '../errors/model-api-error.js';
import { textResponse } from '../testing/scripted-llm.js';
import type { ApiServerOptions } from './api-server-options.js';
import { LiveClient, serveLiveApp, until, type LiveServer } from './run-live-test-fixtures.js';

// adk-python cli/adk_web_server.py `run_agent_live`: its refusals and close codes
// (docs/live.md, "/run_live"), over a real socket on 127.0.0.1.

let served: LiveServer | undefined;

afterEach(async () => {
  await served?.server.close();
  served = undefined;
});

async function serve(
  turns: Parameters<typeof serveLiveApp>[0] = [],
  options: Partial<ApiServerOptions> = {},
): Promise<{ live: LiveServer; sessionId: string }> {
  const live = await serveLiveApp(turns, options);
  served = live;
  const session = await live.sessionService.createSession({ appName: 'live', userId: 'u' });
  return { live, sessionId: session.id };
}

describe('/run_live refusals and close codes', () => {
  it('closes 1002 "Session not found" for a session that does not exist', async () => {
    const { live } = await serve();
    const client = new LiveClient(live.liveUrl({ session_id: 'nope' }));
    expect(await client.closed).toEqual({ code: 1002, reason: 'Session not found' });
  });

  it('creates the session when the server auto-creates sessions', async () => {
    const { live } = await serve([[textResponse('hi'), { turnComplete: true }]], {
      autoCreateSession: true,
    });
    const client = new LiveClient(live.liveUrl({ session_id: 'fresh' }));
    client.send({ content: { parts: [{ text: 'hi' }] } });
    await client.waitFor((frame) => frame['turnComplete'] === true);
    client.send({ close: true });
    expect((await client.closed).code).toBe(1000);
    const session = await live.sessionService.getSession({
      appName: 'live',
      userId: 'u',
      sessionId: 'fresh',
    });
    expect(session?.events.length).toBeGreaterThan(0);
  });

  it('refuses a cross-origin upgrade with 403 and accepts the same origin and listed origins', async () => {
    const { live, sessionId } = await serve([], { allowOrigins: ['https://ui.example'] });
    const url = live.liveUrl({ session_id: sessionId });
    const foreign = new LiveClient(url, { origin: 'https://evil.example' });
    await expect(foreign.opened).rejects.toThrow('HTTP 403');

    for (const origin of [live.server.url, 'https://ui.example']) {
      const client = new LiveClient(url, { origin });
      await client.opened;
      client.send({ close: true });
      expect((await client.closed).code).toBe(1000);
    }
  });

  it('refuses an upgrade whose Host names another site (DNS rebinding) with 403', async () => {
    const { live, sessionId } = await serve();
    const client = new LiveClient(live.liveUrl({ session_id: sessionId }), {
      host: 'rebound.example',
    });
    await expect(client.opened).rejects.toThrow('HTTP 403');
  });

  it('closes 1007 for a frame that is not a LiveRequest, naming the problem', async () => {
    const { live, sessionId } = await serve();
    const cases: [unknown, string][] = [
      ['not json', 'Invalid LiveRequest: frame: JSON decode error'],
      [{ blob: { mime_type: 'audio/pcm', data: 'not base64!' } }, 'frame.blob.data'],
      [{ content: { parts: [{ txt: 'hi' }] } }, 'frame.content.parts.0'],
      [{ close: 'yes' }, 'frame.close'],
      [{}, 'A LiveRequest needs one of content, blob'],
    ];
    for (const [frame, expected] of cases) {
      const client = new LiveClient(live.liveUrl({ session_id: sessionId }));
      await client.opened;
      client.send(frame);
      const closed = await client.closed;
      expect(closed.code).toBe(1007);
      expect(closed.reason).toContain(expected);
    }
  });

  it('closes 1003 for a binary frame', async () => {
    const { live, sessionId } = await serve();
    const client = new LiveClient(live.liveUrl({ session_id: sessionId }));
    await client.opened;
    client.socket.send(Buffer.from([1, 2, 3]));
    expect((await client.closed).code).toBe(1003);
  });

  it('closes 1008 for a bad query: no app name, an unknown app, a bad modality or id', async () => {
    const { live, sessionId } = await serve();
    const cases: [Record<string, string>, string][] = [
      [{ app_name: '', session_id: sessionId }, 'query.app_name'],
      [{ app_name: 'other', session_id: sessionId }, 'App not found: other'],
      [
        { session_id: sessionId, modalities: 'VIDEO' },
        "query.modalities.0: Input should be 'TEXT'",
      ],
      [{ session_id: sessionId, proactive_audio: 'maybe' }, 'query.proactive_audio'],
      [{}, 'query.session_id: Field required'],
    ];
    for (const [query, expected] of cases) {
      const client = new LiveClient(live.liveUrl(query));
      const closed = await client.closed;
      expect(closed.code).toBe(1008);
      expect(closed.reason).toContain(expected);
    }
  });

  it('is served under the URL prefix too', async () => {
    const { live, sessionId } = await serve([], { urlPrefix: '/api' });
    const client = new LiveClient(live.liveUrl({ session_id: sessionId }));
    await client.opened;
    client.send({ close: true });
    expect((await client.closed).code).toBe(1000);
  });

  it('uses the default app when the query names none', async () => {
    const { live, sessionId } = await serve([], { defaultAppName: 'live' });
    const client = new LiveClient(live.liveUrl({ app_name: '', session_id: sessionId }));
    await client.opened;
    client.send({ close: true });
    expect((await client.closed).code).toBe(1000);
  });

  it('closes 1011 with the error public message when the run fails', async () => {
    const failure = new ModelApiError({
      provider: 'scripted',
      model: 'scripted-live-llm',
      message: 'upstream said no',
      code: 'boom',
    });
    const { live, sessionId } = await serve([failure]);
    const client = new LiveClient(live.liveUrl({ session_id: sessionId }));
    client.send({ content: { parts: [{ text: 'hi' }] } });
    const closed = await client.closed;
    expect(closed.code).toBe(1011);
    expect(closed.reason).toBe(failure.publicMessage);
  });

  it('closes 1001 when the server shuts down, ending the run', async () => {
    const { live, sessionId } = await serve([[textResponse('Hel', { partial: true })]]);
    const client = new LiveClient(live.liveUrl({ session_id: sessionId }));
    client.send({ content: { parts: [{ text: 'hi' }] } });
    await client.waitFor(() => true);
    await live.server.close();
    served = undefined;
    expect((await client.closed).code).toBe(1001);
    await until(() => live.model.connections[0]?.closed === true);
  });

  it('cuts a close reason to 123 bytes on a character boundary', async () => {
    const { live, sessionId } = await serve();
    const client = new LiveClient(live.liveUrl({ session_id: sessionId }));
    await client.opened;
    client.send({ content: { parts: [{ ['é'.repeat(200)]: 1 }] } });
    const closed = await client.closed;
    expect(closed.code).toBe(1007);
    expect(Buffer.byteLength(closed.reason)).toBeLessThanOrEqual(123);
  });
});
