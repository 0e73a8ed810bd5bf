import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { ModelApiError } from '../errors/model-api-error.js';
import type { LlmResponse } from '../events/llm-response.js';
import { BaseLlm } from '../models/base-llm.js';
import type { LlmRequest } from '../models/llm-request.js';
import { BasePlugin } from '../plugins/base-plugin.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { setLogger, type Logger } from '../utils/logger.js';
import { textResponse } from '../testing/scripted-llm.js';
import { ScriptedAgent, modelText } from '../testing/test-agents.js';
import type { RunRequestInfo } from './api-server-options.js';
import { serveApiServer, type ApiServerHandle } from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

// /run_sse (reference/adk-python.md §2.1 "SSE framing"), over a real listening server.

/** A promise with its resolve function, to hold a model until the test lets it go. */
function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

/** One model call of a GatedStreamingLlm: the gate it waits on and whether it was aborted. */
interface GatedCall {
  release: ReturnType<typeof gate<void>>;
  aborted: ReturnType<typeof gate<string>>;
}

/**
 * A model that streams when asked to: two partial chunks, then (once the
 * test opens the call's gate) the aggregated answer. Without streaming it
 * answers at once. Each call records whether its run was aborted.
 */
class GatedStreamingLlm extends BaseLlm {
  readonly calls: GatedCall[] = [];

  constructor() {
    super({ model: 'gated-streaming' });
  }

  override async *generateContentAsync(
    _request: LlmRequest,
    stream = false,
    abortSignal?: AbortSignal,
  ): AsyncGenerator<LlmResponse, void> {
    const call: GatedCall = { release: gate(), aborted: gate<string>() };
    this.calls.push(call);
    abortSignal?.addEventListener('abort', () => call.aborted.open('aborted'), { once: true });
    if (!stream) {
      yield textResponse('Hello world');
      return;
    }
    yield { ...textResponse('Hello'), partial: true };
    yield { ...textResponse(' world'), partial: true };
    await Promise.race([
      call.release.promise,
      new Promise((_resolve, reject) =>
        abortSignal?.addEventListener('abort', () => reject(abortSignal.reason), { once: true }),
      ),
    ]);
    yield textResponse('Hello world');
  }
}

/** A model that streams one partial chunk and then fails with a plain Error holding a secret. */
class FailingLlm extends BaseLlm {
  constructor() {
    super({ model: 'failing' });
  }

  override async *generateContentAsync(): AsyncGenerator<LlmResponse, void> {
    yield { ...textResponse('Thinking'), partial: true };
    throw new Error('db password=hunter2');
  }
}

/** A logger that drops everything but errors, which go to `onError`. */
function quietLogger(onError: (...record: unknown[]) => void): Logger {
  const drop = () => undefined;
  return { debug: drop, info: drop, warn: drop, error: onError };
}

class ClosingPlugin extends BasePlugin {
  closed = 0;
  override close(): void {
    this.closed += 1;
  }
}

const sessionService = new InMemorySessionService();
const streamingModel = new GatedStreamingLlm();
let hookCalls: RunRequestInfo[];
let runPlugins: ClosingPlugin[];
let server: ApiServerHandle;

function apps(model: GatedStreamingLlm) {
  return {
    stream: new LlmAgent({ name: 'streamer', model }),
    artifacts: new ScriptedAgent({
      name: 'reporter',
      steps: [
        {
          content: modelText('Saved the report.'),
          actions: { artifactDelta: { 'report.txt': 0 } },
        },
        { actions: { artifactDelta: { 'chart.png': 2 } } },
      ],
    }),
    failing: new LlmAgent({ name: 'failing', model: new FailingLlm() }),
    adk_failing: new ScriptedAgent({
      name: 'adk_failing',
      steps: [
        { content: modelText('first') },
        () => {
          throw new ModelApiError({
            provider: 'gemini',
            model: 'gemini-test',
            status: 503,
            message: 'The model is overloaded.',
          });
        },
      ],
    }),
  };
}

beforeAll(async () => {
  hookCalls = [];
  runPlugins = [];
  server = await serveApiServer({
    port: 0,
    agentLoader: new StaticAgentLoader({ apps: apps(streamingModel) }),
    sessionService,
    beforeRun: (request) => {
      hookCalls.push(request);
      if (!request.stateDelta?.['_adk_replay_config']) return undefined;
      const plugin = new ClosingPlugin('replay_stand_in');
      runPlugins.push(plugin);
      return {
        app: new ScriptedAgent({
          name: 'replayed',
          steps: [{ content: modelText('replayed answer') }],
        }),
        plugins: [plugin],
      };
    },
  });
});

afterAll(async () => {
  await server.close();
});

async function newSession(appName: string): Promise<string> {
  const session = await sessionService.createSession({ appName, userId: 'ada' });
  return session.id;
}

function runSse(body: Record<string, unknown>, signal?: AbortSignal): Promise<Response> {
  return fetch(`${server.url}/run_sse`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userId: 'ada',
      newMessage: { role: 'user', parts: [{ text: 'hi' }] },
      ...body,
    }),
    ...(signal ? { signal } : {}),
  });
}

/** Reads SSE frames as they arrive; `next()` resolves with the next frame's JSON. */
function frameReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let raw = '';
  return {
    get raw() {
      return raw;
    },
    async next(): Promise<Record<string, unknown> | undefined> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          expect(frame.startsWith('data: ')).toBe(true);
          expect(frame.slice(6)).not.toContain('\n');
          return JSON.parse(frame.slice(6)) as Record<string, unknown>;
        }
        const { done, value } = await reader.read();
        if (done) {
          expect(buffer).toBe('');
          return undefined;
        }
        const text = decoder.decode(value, { stream: true });
        raw += text;
        buffer += text;
      }
    },
    async all(): Promise<Record<string, unknown>[]> {
      const frames: Record<string, unknown>[] = [];
      for (let frame = await this.next(); frame; frame = await this.next()) frames.push(frame);
      return frames;
    },
    cancel: () => reader.cancel(),
  };
}

describe('/run_sse framing and streaming (reference §2.1 SSE framing)', () => {
  it('streams partial events as they are produced, then the final event; only data: frames', async () => {
    const sessionId = await newSession('stream');
    const response = await runSse({ appName: 'stream', sessionId, streaming: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const frames = frameReader(response);
    // The final answer does not exist yet: the model waits for the gate, so these
    // frames prove the events are sent while the run is still going.
    expect(await frames.next()).toMatchObject({
      author: 'streamer',
      partial: true,
      content: { parts: [{ text: 'Hello' }] },
    });
    expect(await frames.next()).toMatchObject({
      partial: true,
      content: { parts: [{ text: ' world' }] },
    });
    streamingModel.calls.at(-1)!.release.open();
    const final = await frames.next();
    expect(final).toMatchObject({
      author: 'streamer',
      content: { role: 'model', parts: [{ text: 'Hello world' }] },
      actions: { stateDelta: {}, artifactDelta: {} },
      nodeInfo: { path: '' },
    });
    expect(final).not.toHaveProperty('partial');
    expect(await frames.next()).toBeUndefined();
    expect(frames.raw).toMatch(/^(data: [^\n]+\n\n)+$/);
    expect(frames.raw).not.toMatch(/^(id|event):/m);
    // Partial events are not stored; the final one is.
    const stored = await sessionService.getSession({ appName: 'stream', userId: 'ada', sessionId });
    expect(stored!.events.map((event) => event.partial ?? false)).toEqual([false, false]);
  });

  it('without streaming: one final event, no partials (StreamingMode.NONE)', async () => {
    const sessionId = await newSession('stream');
    const frames = await frameReader(await runSse({ appName: 'stream', sessionId })).all();
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ content: { parts: [{ text: 'Hello world' }] } });
  });

  it('accepts snake_case request keys', async () => {
    const sessionId = await newSession('stream');
    const response = await fetch(`${server.url}/run_sse`, {
      method: 'POST',
      body: JSON.stringify({
        app_name: 'stream',
        user_id: 'ada',
        session_id: sessionId,
        new_message: { role: 'user', parts: [{ text: 'hi' }] },
      }),
    });
    expect(response.status).toBe(200);
    expect(await frameReader(response).all()).toHaveLength(1);
  });

  it('an event with content and artifactDelta goes out as two; a delta-only event as one', async () => {
    const sessionId = await newSession('artifacts');
    const frames = await frameReader(await runSse({ appName: 'artifacts', sessionId })).all();
    expect(frames).toHaveLength(3);
    expect(frames[0]).toMatchObject({
      content: { parts: [{ text: 'Saved the report.' }] },
      actions: { artifactDelta: {} },
    });
    expect(frames[1]).not.toHaveProperty('content');
    expect(frames[1]).toMatchObject({ actions: { artifactDelta: { 'report.txt': 0 } } });
    expect(frames[0]!['id']).toBe(frames[1]!['id']);
    expect(frames[2]).toMatchObject({ actions: { artifactDelta: { 'chart.png': 2 } } });
    // The stored event is whole.
    const stored = await sessionService.getSession({
      appName: 'artifacts',
      userId: 'ada',
      sessionId,
    });
    expect(stored!.events[1]).toMatchObject({
      content: { parts: [{ text: 'Saved the report.' }] },
      actions: { artifactDelta: { 'report.txt': 0 } },
    });
  });

  it('no split when functionCallEventId is set', async () => {
    const sessionId = await newSession('artifacts');
    const frames = await frameReader(
      await runSse({ appName: 'artifacts', sessionId, functionCallEventId: 'evt-1' }),
    ).all();
    expect(frames).toHaveLength(2);
    expect(frames[0]).toMatchObject({
      content: { parts: [{ text: 'Saved the report.' }] },
      actions: { artifactDelta: { 'report.txt': 0 } },
    });
  });
});

describe('/run_sse errors (reference §2.1: 404 before the stream, error frame after)', () => {
  it('a missing session is a 404 JSON response, not a stream', async () => {
    const response = await runSse({ appName: 'stream', sessionId: 'missing' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ detail: 'Session not found: missing' });
  });

  it('an unknown app is a 404; a bad body a 422', async () => {
    expect((await runSse({ appName: 'nope', sessionId: 's' })).status).toBe(404);
    const bad = await fetch(`${server.url}/run_sse`, { method: 'POST', body: '{"appName": 1}' });
    expect(bad.status).toBe(422);
  });

  it('a failure after the stream started ends it with an error frame; internal messages hidden, logged in full', async () => {
    const sessionId = await newSession('failing');
    const logged: unknown[][] = [];
    setLogger(quietLogger((...record) => void logged.push(record)));
    let frames: Record<string, unknown>[];
    let requestId: string | null;
    try {
      const response = await runSse({ appName: 'failing', sessionId, streaming: true });
      requestId = response.headers.get('x-request-id');
      frames = await frameReader(response).all();
    } finally {
      setLogger();
    }
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged).toEqual([
      [
        `Error in the /run_sse stream of app failing (request ${requestId}).`,
        expect.objectContaining({ message: 'db password=hunter2' }),
      ],
    ]);
    expect(frames[0]).toMatchObject({ partial: true, content: { parts: [{ text: 'Thinking' }] } });
    const last = frames.at(-1)!;
    expect(last).toEqual({
      error: 'Error: An internal error occurred while running the agent.',
      error_details: {
        error_type: 'Error',
        error_message: 'An internal error occurred while running the agent.',
        timestamp: expect.any(Number),
        request_id: requestId,
      },
    });
    expect(JSON.stringify(frames)).not.toContain('hunter2');
  });

  it('an ADK error keeps its type and message in the error frame', async () => {
    const sessionId = await newSession('adk_failing');
    setLogger(quietLogger(() => undefined));
    let frames: Record<string, unknown>[];
    try {
      frames = await frameReader(await runSse({ appName: 'adk_failing', sessionId })).all();
    } finally {
      setLogger();
    }
    expect(frames).toHaveLength(2);
    expect(frames[0]).toMatchObject({ content: { parts: [{ text: 'first' }] } });
    expect(frames[1]).toMatchObject({
      error: 'ModelApiError: gemini gemini-test HTTP 503: The model is overloaded.',
      error_details: {
        error_type: 'ModelApiError',
        error_message: 'gemini gemini-test HTTP 503: The model is overloaded.',
      },
    });
  });
});

describe('/run_sse lifecycle', () => {
  it('a client that disconnects aborts the run; the final event is never stored', async () => {
    const sessionId = await newSession('stream');
    const controller = new AbortController();
    const response = await runSse(
      { appName: 'stream', sessionId, streaming: true },
      controller.signal,
    );
    const frames = frameReader(response);
    expect(await frames.next()).toMatchObject({ partial: true });
    controller.abort();
    // The model learns of the abort through its signal, without the gate being opened.
    expect(await streamingModel.calls.at(-1)!.aborted.promise).toBe('aborted');
    const stored = await sessionService.getSession({ appName: 'stream', userId: 'ada', sessionId });
    expect(stored!.events.map((event) => event.author)).toEqual(['user']);
  });

  it('beforeRun sees the request (with _adk_replay_config) and can replace the app and add plugins, closed after the run', async () => {
    const sessionId = await newSession('stream');
    const replayConfig = { dir: '/corpus/case', user_message_index: 0, streaming_mode: 'sse' };
    const frames = await frameReader(
      await runSse({
        appName: 'stream',
        sessionId,
        stateDelta: { _adk_replay_config: replayConfig },
      }),
    ).all();
    expect(frames).toEqual([
      expect.objectContaining({
        author: 'replayed',
        content: { role: 'model', parts: [{ text: 'replayed answer' }] },
      }),
    ]);
    const call = hookCalls.find((request) => request.sessionId === sessionId)!;
    expect(call).toMatchObject({
      appName: 'stream',
      userId: 'ada',
      streaming: false,
      stateDelta: { _adk_replay_config: replayConfig },
      newMessage: { role: 'user', parts: [{ text: 'hi' }] },
    });
    expect(call.app.rootAgent.name).toBe('streamer');
    await expect.poll(() => runPlugins.at(-1)?.closed).toBe(1);
    // The state delta was committed with the user message, as for any run.
    const stored = await sessionService.getSession({ appName: 'stream', userId: 'ada', sessionId });
    expect(stored!.state['_adk_replay_config']).toEqual(replayConfig);
  });

  it('closing the server ends open streams and resolves', async () => {
    const model = new GatedStreamingLlm();
    const own = await serveApiServer({
      port: 0,
      agentLoader: new StaticAgentLoader({ apps: apps(model) }),
      sessionService,
    });
    const sessionId = await newSession('stream');
    const response = await fetch(`${own.url}/run_sse`, {
      method: 'POST',
      body: JSON.stringify({
        appName: 'stream',
        userId: 'ada',
        sessionId,
        streaming: true,
        newMessage: { role: 'user', parts: [{ text: 'hi' }] },
      }),
    });
    const frames = frameReader(response);
    expect(await frames.next()).toMatchObject({ partial: true });
    await own.close();
    expect(await model.calls.at(-1)!.aborted.promise).toBe('aborted');
    // The stream ends (the remaining partial may still arrive), with no error frame.
    const rest = await frames.all().catch(() => []);
    expect(rest.every((frame) => !('error' in frame))).toBe(true);
    await expect(fetch(`${own.url}/health`)).rejects.toThrow();
  });
});
