import { describe, expect, it } from 'vitest';
import {
  useInputValidationServer,
  model,
  sessionService,
  call,
  newSession,
  message,
  run,
  storedEvents,
  issues,
} from './input-validation-test-fixtures.js';

useInputValidationServer();

let counter = 0;

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
