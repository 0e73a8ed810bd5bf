import { describe, expect, it } from 'vitest';
import { InputValidationError } from '../errors/input-validation-error.js';
import { NestingTooDeepError } from '../errors/nesting-too-deep-error.js';
import { createEvent, type EventInit } from '../events/event.js';
import { T0, type SessionSuiteContext } from './session-suite-helpers.js';

/** `{a: {a: … 'leaf'}}`: an object `levels` deep (the outer object is level 1). */
export function nestedObject(levels: number): Record<string, unknown> {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level++) value = { a: value };
  return value as Record<string, unknown>;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}

/**
 * Ids and values every session store refuses alike, before anything is
 * stored (docs/sessions-database.md "What a store refuses"): ids that are
 * empty, over 128 characters, or hold control characters or unpaired
 * surrogates; events and states nested more than 128 levels; event ids,
 * invocation ids and timestamps a database cannot hold. A refused event
 * leaves the session as it was and usable.
 */
export function describeSessionValidation(context: () => SessionSuiteContext): void {
  describe('what every store refuses', () => {
    const badIds: Array<[string, string]> = [
      ['', 'must not be empty'],
      ['x'.repeat(129), 'must be at most 128 characters long'],
      ['nul\0byte', 'must not contain control characters or unpaired surrogates'],
      ['line\nbreak', 'must not contain control characters or unpaired surrogates'],
      ['half\ud800', 'must not contain control characters or unpaired surrogates'],
    ];

    it.each(badIds)(
      'ids: createSession refuses the app name, user id or session id %j (%s), storing nothing',
      async (bad, problem) => {
        const { service, app } = context();
        const cases = [
          ['appName', { appName: bad, userId: 'u1', sessionId: 's1' }],
          ['userId', { appName: app, userId: bad, sessionId: 's1' }],
        ] as const;
        for (const [argument, request] of cases) {
          const error = await rejection(service.createSession(request));
          expect(InputValidationError.isInstance(error), String(error)).toBe(true);
          expect((error as InputValidationError).argument).toBe(argument);
          expect((error as Error).message).toContain(problem);
        }
        if (bad !== '') {
          // An empty session id asks for a generated one.
          const error = await rejection(
            service.createSession({ appName: app, userId: 'u1', sessionId: bad }),
          );
          expect((error as InputValidationError).argument).toBe('sessionId');
        }
        expect((await service.listSessions({ appName: app })).sessions).toEqual([]);
      },
    );

    it('ids: reads and deletes refuse ids no store could hold instead of failing in the database', async () => {
      const { service, app } = context();
      const key = { appName: app, userId: 'u1', sessionId: 'nul\0' };
      for (const call of [
        () => service.getSession(key),
        () => service.deleteSession(key),
        () => service.listSessions({ appName: app, userId: 'x'.repeat(200) }),
      ]) {
        expect(InputValidationError.isInstance(await rejection(call()))).toBe(true);
      }
    });

    it('ids: 128 characters (code points), spaces, dots and slashes are kept exactly', async () => {
      const { service, app } = context();
      for (const [userId, sessionId] of [
        ['😀'.repeat(128), 'x'.repeat(128)],
        ['group/user 1', '..'],
      ] as const) {
        const session = await service.createSession({ appName: app, userId, sessionId });
        expect(session.id).toBe(sessionId);
        const found = await service.getSession({ appName: app, userId, sessionId });
        expect(found?.userId).toBe(userId);
        expect(found?.id).toBe(sessionId);
      }
    });

    it('nesting: a state up to 128 levels deep is stored; one deeper is refused with NestingTooDeepError', async () => {
      const { service, app } = context();
      const session = await service.createSession({
        appName: app,
        userId: 'u1',
        sessionId: 'ok',
        state: { deep: nestedObject(127) },
      });
      const found = await service.getSession({ appName: app, userId: 'u1', sessionId: 'ok' });
      expect(found?.state).toEqual(session.state);
      for (const levels of [128, 5_000]) {
        const error = await rejection(
          service.createSession({
            appName: app,
            userId: 'u1',
            sessionId: `deep${levels}`,
            state: { deep: nestedObject(levels) },
          }),
        );
        expect(NestingTooDeepError.isInstance(error), String(error)).toBe(true);
        expect((error as NestingTooDeepError).limit).toBe(128);
      }
      const ids = (await service.listSessions({ appName: app, userId: 'u1' })).sessions.map(
        (stored) => stored.id,
      );
      expect(ids).toEqual(['ok']);
    });

    it('events: one the store cannot hold is refused before anything is stored, and the session stays usable', async () => {
      const { service, app } = context();
      const session = await service.createSession({ appName: app, userId: 'u1', sessionId: 's' });
      const event = (init: Partial<EventInit>) =>
        createEvent({ author: 'user', timestamp: T0 + 1, ...init });
      const refused: Array<[Partial<EventInit>, (error: unknown) => boolean]> = [
        [{ actions: { stateDelta: { deep: nestedObject(126) } } }, NestingTooDeepError.isInstance],
        [
          {
            content: {
              role: 'user',
              parts: [{ functionCall: { name: 'f', args: nestedObject(3_000) } }],
            },
          },
          NestingTooDeepError.isInstance,
        ],
        [{ id: 'e'.repeat(129) }, InputValidationError.isInstance],
        [{ id: 'e\0' }, InputValidationError.isInstance],
        [{ invocationId: 'i'.repeat(257) }, InputValidationError.isInstance],
        [{ invocationId: 'e-\n' }, InputValidationError.isInstance],
        [{ timestamp: Number.NaN }, InputValidationError.isInstance],
        [{ timestamp: 1e12 }, InputValidationError.isInstance],
      ];
      for (const [init, isExpected] of refused) {
        const error = await rejection(service.appendEvent({ session, event: event(init) }));
        expect(isExpected(error), `${JSON.stringify(Object.keys(init))}: ${String(error)}`).toBe(
          true,
        );
      }
      expect(session.events).toEqual([]);
      expect(session.state).toEqual({});
      await service.appendEvent({
        session,
        event: event({
          invocationId: 'i'.repeat(256),
          actions: { stateDelta: { deep: nestedObject(125) } },
        }),
      });
      const found = await service.getSession({ appName: app, userId: 'u1', sessionId: 's' });
      expect(found?.events).toHaveLength(1);
      expect(found?.state['deep']).toEqual(nestedObject(125));
    });
  });
}
