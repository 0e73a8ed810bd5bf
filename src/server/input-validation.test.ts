import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { FileArtifactService } from '../artifacts/file-artifact-service.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { DatabaseSessionService } from '../sessions/database/database-session-service.js';
import { ScriptedLlm, functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { TEST_POSTGRES_URL } from '../testing/sql-test-databases.js';
import { FunctionTool } from '../tools/function-tool.js';
import { setLogger } from '../utils/logger.js';
import { serveApiServer, type ApiServerHandle } from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

// Issue 15 §3 and §4, over real HTTP: bad input gets a 4xx and is never
// stored, and a 500 tells the client nothing about the infrastructure.

/** A model that calls `echo`, or a tool the agent lacks when asked to. */
function scriptedModel(): ScriptedLlm {
  return new ScriptedLlm({
    responses: (request) => {
      const last = request.contents.at(-1)?.parts?.[0];
      if (last?.functionResponse) return textResponse('done');
      if (last?.text === 'call unknown') return functionCallResponse('no_such_tool', { x: 1 });
      if (last?.text === 'call echo') return functionCallResponse('echo', { x: 1 });
      return textResponse('hello');
    },
  });
}

const model = scriptedModel();
const sessionService = new InMemorySessionService();
let artifactRoot: string;
let server: ApiServerHandle;

beforeAll(async () => {
  artifactRoot = await mkdtemp(join(tmpdir(), 'adk-input-'));
  const echo = new FunctionTool({
    name: 'echo',
    description: 'Echoes.',
    parameters: z.object({ x: z.number() }),
    execute: ({ x }) => ({ x }),
  });
  server = await serveApiServer({
    port: 0,
    agentLoader: new StaticAgentLoader({
      apps: { app: new LlmAgent({ name: 'agent', model, tools: [echo] }) },
    }),
    sessionService,
    artifactService: new FileArtifactService(artifactRoot),
  });
});

afterAll(async () => {
  await server.close();
  await rm(artifactRoot, { recursive: true, force: true });
});

interface Reply {
  status: number;
  json: unknown;
  text: string;
  headers: Headers;
}

async function call(method: string, path: string, body?: unknown): Promise<Reply> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // An SSE stream or an empty body; the test reads `text`.
  }
  return { status: response.status, json, text, headers: response.headers };
}

function nested(levels: number): Record<string, unknown> {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = { a: value };
  return value as Record<string, unknown>;
}

let counter = 0;
async function newSession(userId = 'u'): Promise<string> {
  counter += 1;
  const reply = await call('POST', `/apps/app/users/${userId}/sessions`, {
    sessionId: `s${counter}`,
  });
  expect(reply.status).toBe(200);
  return `s${counter}`;
}

const message = (...parts: unknown[]) => ({ role: 'user', parts });
const run = (sessionId: string, newMessage: unknown, extra: Record<string, unknown> = {}) =>
  call('POST', '/run', { appName: 'app', userId: 'u', sessionId, newMessage, ...extra });

async function storedEvents(sessionId: string, userId = 'u'): Promise<number> {
  const session = await sessionService.getSession({ appName: 'app', userId, sessionId });
  return session?.events.length ?? -1;
}

function issues(reply: Reply): { type: string; loc: (string | number)[] }[] {
  expect(reply.status, reply.text).toBe(422);
  return (reply.json as { detail: { type: string; loc: (string | number)[] }[] }).detail;
}

describe('nesting (issue 15 §3: about 3,000 levels gave 500 RangeError)', () => {
  // Each case sends as its own user, whose sessions it then checks.
  it.each([
    [
      'POST sessions state',
      (user: string) => call('POST', `/apps/app/users/${user}/sessions`, { state: nested(3_000) }),
    ],
    [
      'PATCH stateDelta',
      async (user: string) =>
        call('PATCH', `/apps/app/users/${user}/sessions/${await newSession(user)}`, {
          stateDelta: nested(3_000),
        }),
    ],
    [
      '/run stateDelta',
      async (user: string) =>
        run(await newSession(user), message({ text: 'hi' }), {
          userId: user,
          stateDelta: nested(3_000),
        }),
    ],
    [
      '/run customMetadata',
      async (user: string) =>
        run(await newSession(user), message({ text: 'hi' }), {
          userId: user,
          customMetadata: nested(3_000),
        }),
    ],
    [
      '/run function call args',
      async (user: string) =>
        run(
          await newSession(user),
          message({ functionCall: { name: 'echo', args: nested(3_000) } }),
          {
            userId: user,
          },
        ),
    ],
    [
      'artifact customMetadata',
      async (user: string) =>
        call('POST', `/apps/app/users/${user}/sessions/${await newSession(user)}/artifacts`, {
          filename: 'f.txt',
          artifact: { text: 'x' },
          customMetadata: nested(3_000),
        }),
    ],
  ])('%s nested 3,000 levels: 422 too_deep, nothing stored', async (name, send) => {
    counter += 1;
    const user = `deep${counter}`;
    const reply = await send(user);
    expect(issues(reply)).toEqual([
      expect.objectContaining({ type: 'too_deep', loc: expect.arrayContaining(['body']) }),
    ]);
    const { sessions } = await sessionService.listSessions({ appName: 'app', userId: user });
    expect(sessions).toHaveLength(name === 'POST sessions state' ? 0 : 1);
    for (const session of sessions) {
      expect(await storedEvents(session.id, user)).toBe(0);
      expect(session.state).toEqual({});
    }
  });

  it('a body nested exactly 100 levels is accepted, 101 is refused, and the first too-deep place is named', async () => {
    expect((await call('POST', '/apps/app/users/u/sessions', { state: nested(99) })).status).toBe(
      200,
    );
    const reply = await call('POST', '/apps/app/users/u/sessions', { state: { k: [nested(99)] } });
    expect(issues(reply)).toEqual([
      {
        type: 'too_deep',
        loc: ['body', 'state', 'k', 0, ...Array<string>(97).fill('a')],
        msg: 'Objects and arrays may be nested at most 100 levels deep',
      },
    ]);
  });

  it('a NUL character or an unpaired surrogate in any string or key is refused (PostgreSQL cannot hold them)', async () => {
    for (const [body, loc] of [
      ['{"state": {"k": "a\\u0000b"}}', ['body', 'state', 'k']],
      ['{"state": {"a\\u0000": 1}}', ['body', 'state', 'a\u0000']],
      ['{"state": {"k": ["\\ud800"]}}', ['body', 'state', 'k', 0]],
    ] as const) {
      expect(issues(await call('POST', '/apps/app/users/u/sessions', body))).toEqual([
        expect.objectContaining({ type: 'string_unstorable', loc }),
      ]);
    }
    const paired = await call(
      'POST',
      '/apps/app/users/u/sessions',
      '{"state": {"k": "\\ud83d\\ude00"}}',
    );
    expect((paired.json as { state: unknown }).state).toEqual({ k: '😀' });
  });
});

describe('parts checked as genai checks them (issue 15 §3: accepted although invalid)', () => {
  it.each([
    ['text 1', { text: 1 }, ['body', 'newMessage', 'parts', 0, 'text']],
    ['functionCall "x"', { functionCall: 'x' }, ['body', 'newMessage', 'parts', 0, 'functionCall']],
    [
      'inlineData data "!!!"',
      { inlineData: { data: '!!!', mimeType: 'image/png' } },
      ['body', 'newMessage', 'parts', 0, 'inlineData', 'data'],
    ],
    [
      'inlineData mimeType 1',
      { inlineData: { data: 'AA==', mimeType: 1 } },
      ['body', 'newMessage', 'parts', 0, 'inlineData', 'mimeType'],
    ],
    [
      'inlineData given as a string',
      { inlineData: 'aGk=' },
      ['body', 'newMessage', 'parts', 0, 'inlineData'],
    ],
    [
      'functionResponse.response a list',
      { functionResponse: { name: 'f', response: [1] } },
      ['body', 'newMessage', 'parts', 0, 'functionResponse', 'response'],
    ],
    ['an unknown field', { text: 'hi', colour: 'red' }, ['body', 'newMessage', 'parts', 0]],
    ['a part that is not an object', 'hi', ['body', 'newMessage', 'parts', 0]],
  ])(
    '%s: 422 located at the field, the agent never runs, nothing stored',
    async (_name, part, loc) => {
      const sessionId = await newSession();
      const calls = model.requests.length;
      const reply = await run(sessionId, message(part));
      expect(issues(reply).map((issue) => issue.loc)).toContainEqual(loc);
      expect(model.requests.length).toBe(calls);
      expect(await storedEvents(sessionId)).toBe(0);
    },
  );

  it('a role that is not a string and fields outside Content are refused too', async () => {
    const sessionId = await newSession();
    expect(issues(await run(sessionId, { role: 5, parts: [{ text: 'x' }] }))[0]?.loc).toEqual([
      'body',
      'newMessage',
      'role',
    ]);
    expect((await run(sessionId, { role: 'user', parts: [{ text: 'x' }], extra: 1 })).status).toBe(
      422,
    );
  });

  it('valid parts in either casing, with standard or URL-safe base64, still run', async () => {
    const sessionId = await newSession();
    const reply = await run(
      sessionId,
      message(
        { text: 'hi' },
        { inline_data: { mime_type: 'image/png', data: 'iVBORw0KGgo=' } },
        { inlineData: { mimeType: 'application/octet-stream', data: '-_-_' } },
        { file_data: { file_uri: 'gs://bucket/file', mime_type: 'text/plain' } },
        { thought: true, thought_signature: 'c2ln', text: 'thinking' },
      ),
    );
    expect(reply.status, reply.text).toBe(200);
    expect(await storedEvents(sessionId)).toBe(2);
  });

  it('an artifact whose data is not base64 is refused and not stored', async () => {
    const sessionId = await newSession();
    const path = `/apps/app/users/u/sessions/${sessionId}/artifacts`;
    for (const artifact of [
      { inlineData: { mimeType: 'text/plain', data: 'not base64!' } },
      { inline_data: { mime_type: 'text/plain', data: 'AAAAA' } },
      { text: 7 },
    ]) {
      const reply = await call('POST', path, { filename: 'f.txt', artifact });
      expect(reply.status, reply.text).toBe(422);
    }
    expect((await call('GET', path)).json).toEqual([]);
    const saved = await call('POST', path, {
      filename: 'f.txt',
      artifact: { inlineData: { mimeType: 'text/plain', data: 'aGk' } },
    });
    expect(saved.status, saved.text).toBe(200);
  });

  it('imported events are checked the same way before the session is created', async () => {
    const event = (content: unknown, extra: Record<string, unknown> = {}) => ({
      author: 'user',
      timestamp: 1_700_000_000,
      content,
      ...extra,
    });
    for (const events of [
      [event({ role: 'user', parts: [{ text: 1 }] })],
      [
        event({ role: 'user', parts: [{ text: 'ok' }] }),
        event({ parts: [{ inlineData: { data: '!!!' } }] }),
      ],
      [event({ parts: [{ text: 'x' }] }, { id: 'e'.repeat(129) })],
      [event({ parts: [{ text: 'x' }] }, { timestamp: 1e13 })],
    ]) {
      counter += 1;
      const reply = await call('POST', '/apps/app/users/u/sessions', {
        sessionId: `import${counter}`,
        events,
      });
      expect(reply.status, reply.text).toBe(422);
      expect(
        await sessionService.getSession({
          appName: 'app',
          userId: 'u',
          sessionId: `import${counter}`,
        }),
      ).toBeUndefined();
    }
  });
});

describe('ids (issue 15 §3: ids the database cannot hold, ids that become path components)', () => {
  it.each([
    'x'.repeat(129),
    'a\u0000b',
    '../x',
    'a/b',
    'a\\b',
    '..',
    '.',
    'tab\there',
    'half\ud800',
  ])('POST sessions with session id %j: 422, nothing created', async (sessionId) => {
    const before = (await sessionService.listSessions({ appName: 'app' })).sessions.length;
    const reply = await call('POST', '/apps/app/users/u/sessions', { sessionId });
    expect(reply.status, reply.text).toBe(422);
    expect((await sessionService.listSessions({ appName: 'app' })).sessions.length).toBe(before);
  });

  it('ids of 128 characters, with spaces, dots or non-ASCII letters work end to end', async () => {
    for (const sessionId of ['x'.repeat(128), 'a b', '.hidden', 'é😀', '...']) {
      const reply = await call('POST', '/apps/app/users/u/sessions', { sessionId });
      expect(reply.status, reply.text).toBe(200);
      const read = await call('GET', `/apps/app/users/u/sessions/${encodeURIComponent(sessionId)}`);
      expect((read.json as { id: string }).id).toBe(sessionId);
    }
  });

  it.each(['x%2Fy', 'x%5Cy', 'x%2Fsessions%2Fy', 'a%00b', 'x'.repeat(129)])(
    'user id %s in a path: 422 on the session and artifact routes, nothing stored',
    async (userId) => {
      const sessionId = await newSession();
      for (const [method, path, body] of [
        ['GET', `/apps/app/users/${userId}/sessions`],
        ['POST', `/apps/app/users/${userId}/sessions`, {}],
        ['GET', `/apps/app/users/u/sessions/${userId}`],
        [
          'POST',
          `/apps/app/users/${userId}/sessions/${sessionId}/artifacts`,
          { filename: 'user:f.txt', artifact: { text: 'x' } },
        ],
        ['GET', `/apps/app/users/${userId}/sessions/${sessionId}/artifacts`],
        ['PATCH', `/apps/app/users/${userId}/memory`, { sessionId }],
      ] as const) {
        const reply = await call(method, path, body);
        expect(reply.status, `${method} ${path}: ${reply.text}`).toBe(422);
        expect((reply.json as { detail: { loc: unknown[] }[] }).detail[0]?.loc[0]).toBe('path');
      }
    },
  );

  it('/run refuses a user or session id the rule refuses, before the agent runs', async () => {
    const calls = model.requests.length;
    for (const ids of [
      { userId: 'a/b', sessionId: 's' },
      { userId: 'u', sessionId: '..' },
      { userId: 'u', sessionId: 'x'.repeat(200) },
    ]) {
      const reply = await call('POST', '/run', {
        appName: 'app',
        ...ids,
        newMessage: message({ text: 'hi' }),
      });
      expect(reply.status, reply.text).toBe(422);
    }
    expect(model.requests.length).toBe(calls);
  });
});

describe('a run that fails on the model side (issue 15 §3: unknown tool gave HTTP 500)', () => {
  it('/run answers 200 with the events so far and an error event naming the tool', async () => {
    const sessionId = await newSession();
    setLogger({
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
    });
    let reply: Reply;
    try {
      reply = await run(sessionId, message({ text: 'call unknown' }));
    } finally {
      setLogger();
    }
    expect(reply.status, reply.text).toBe(200);
    const events = reply.json as Record<string, unknown>[];
    expect(events.map((event) => event['author'])).toEqual(['agent', 'agent']);
    expect(events[0]).toMatchObject({
      content: { parts: [{ functionCall: { name: 'no_such_tool' } }] },
    });
    const last = events[1]!;
    expect(last).toMatchObject({
      author: 'agent',
      invocationId: events[0]!['invocationId'],
      errorCode: 'ToolNotFoundError',
    });
    expect(last['errorMessage']).toContain("Tool 'no_such_tool' not found.\nAvailable tools: echo");
    expect(await storedEvents(sessionId)).toBe(2);
  });

  it('/run_sse ends with an error frame naming the tool', async () => {
    const sessionId = await newSession();
    setLogger({
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
    });
    let reply: Reply;
    try {
      reply = await call('POST', '/run_sse', {
        appName: 'app',
        userId: 'u',
        sessionId,
        newMessage: message({ text: 'call unknown' }),
      });
    } finally {
      setLogger();
    }
    expect(reply.status).toBe(200);
    const frames = reply.text
      .split('\n\n')
      .filter(Boolean)
      .map((frame) => JSON.parse(frame.slice('data: '.length)) as Record<string, unknown>);
    expect(frames.at(-1)).toMatchObject({
      error: expect.stringContaining("ToolNotFoundError: Tool 'no_such_tool' not found."),
      error_details: {
        error_type: 'ToolNotFoundError',
        request_id: reply.headers.get('x-request-id'),
      },
    });
  });
});

describe('function responses that answer no call (issue 15 §3: 500 "No function call event found")', () => {
  it.each([
    ['without an id', { name: 'echo', response: { x: 1 } }, '{None}'],
    [
      'with an id no call has',
      { name: 'echo', id: 'adk-nope', response: { x: 1 } },
      "{'adk-nope'}",
    ],
  ])(
    'a response %s: 400 naming the ids, nothing stored, the agent never runs',
    async (_name, response, ids) => {
      const sessionId = await newSession();
      expect((await run(sessionId, message({ text: 'call echo' }))).status).toBe(200);
      const stored = await storedEvents(sessionId);
      const calls = model.requests.length;
      const reply = await run(sessionId, message({ functionResponse: response }));
      expect(reply.status, reply.text).toBe(400);
      expect(reply.json).toEqual({
        detail: `No function call event found for function responses ids: ${ids}`,
      });
      expect(await storedEvents(sessionId)).toBe(stored);
      expect(model.requests.length).toBe(calls);
    },
  );

  it('a response answering a stored call runs as before', async () => {
    const sessionId = await newSession();
    const first = (await run(sessionId, message({ text: 'call echo' }))).json as Record<
      string,
      unknown
    >[];
    const session = await sessionService.getSession({ appName: 'app', userId: 'u', sessionId });
    const callId = session!.events
      .flatMap((event) => event.content?.parts ?? [])
      .find((part) => part.functionCall)?.functionCall?.id;
    expect(first.length).toBeGreaterThan(0);
    const reply = await run(
      sessionId,
      message({ functionResponse: { name: 'echo', id: callId, response: { x: 2 } } }),
    );
    expect(reply.status, reply.text).toBe(200);
  });
});

describe('what a 500 reveals (issue 15 §4)', () => {
  it('a DatabaseError answers a generic detail and a request id; the log has the database and the driver text', async () => {
    const missing = new DatabaseSessionService({
      dbUrl: TEST_POSTGRES_URL.replace(/\/[^/]*$/, '/adk_no_such_database_15'),
    });
    const logged: unknown[][] = [];
    setLogger({
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: (...record) => void logged.push(record),
    });
    const failing = await serveApiServer({
      port: 0,
      agentLoader: new StaticAgentLoader({ apps: {} }),
      sessionService: missing,
    });
    try {
      const reply = await fetch(`${failing.url}/apps/app/users/u/sessions/s`);
      expect(reply.status).toBe(500);
      const requestId = reply.headers.get('x-request-id');
      const text = await reply.text();
      expect(JSON.parse(text)).toEqual({
        detail: 'preparing the session tables failed: a database error occurred.',
        requestId,
      });
      expect(text).not.toContain('127.0.0.1');
      expect(text).not.toContain('adk_no_such_database_15');
      expect(logged).toHaveLength(1);
      expect(logged[0]![0]).toBe(`GET /apps/app/users/u/sessions/s failed (request ${requestId}).`);
      expect((logged[0]![1] as Error).message).toContain('adk_no_such_database_15');
    } finally {
      setLogger();
      await failing.close();
      await missing.close();
    }
  });
});
