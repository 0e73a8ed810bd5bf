import { describe, expect, it } from 'vitest';
import {
  useInputValidationServer,
  sessionService,
  call,
  newSession,
  message,
  run,
  storedEvents,
  issues,
} from './input-validation-test-fixtures.js';

function nested(levels: number): Record<string, unknown> {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = { a: value };
  return value as Record<string, unknown>;
}

useInputValidationServer();

let counter = 0;

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
