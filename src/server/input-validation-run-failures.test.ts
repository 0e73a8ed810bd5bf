import { describe, expect, it } from 'vitest';
import { setLogger } from '../utils/logger.js';
import type { Reply } from './input-validation-test-fixtures.js';
import {
  useInputValidationServer,
  model,
  sessionService,
  call,
  newSession,
  message,
  run,
  storedEvents,
} from './input-validation-test-fixtures.js';

useInputValidationServer();

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
