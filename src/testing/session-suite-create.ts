import { beforeEach, describe, expect, it } from 'vitest';
import { AlreadyExistsError } from '../errors/already-exists-error.js';
import { createEvent } from '../events/event.js';
import type { Session } from '../sessions/session.js';
import { UUID4, sessionSuiteHelpers, type SessionSuiteContext } from './session-suite-helpers.js';

/**
 * The session suite's `createSession`: generated and given ids, ids already in use (also under
 * concurrency), state split by scope at creation, and copies that do not
 * alias the store.
 */
export function describeCreateSession(context: () => SessionSuiteContext): void {
  const { create, mustGet } = sessionSuiteHelpers(context);

  describe('createSession', () => {
    let app: string;
    beforeEach(() => {
      ({ app } = context());
    });

    it('contract createSession: without an id, a uuid4 is generated and the session starts empty', async () => {
      const session = await create('u1');
      expect(session.id).toMatch(UUID4);
      expect(session.appName).toBe(app);
      expect(session.userId).toBe('u1');
      expect(session.state).toEqual({});
      expect(session.events).toEqual([]);
      expect(Number.isFinite(session.lastUpdateTime)).toBe(true);
      expect(session.lastUpdateTime).toBeGreaterThan(0);
      const other = await create('u1');
      expect(other.id).not.toBe(session.id);
    });

    it('contract createSession: a given id is used as it is', async () => {
      const session = await create('u1', 'my-session', { k: 'v' });
      expect(session.id).toBe('my-session');
      const found = await mustGet(session);
      expect(found.id).toBe('my-session');
      expect(found.state).toEqual({ k: 'v' });
    });

    it('adk-python InMemorySessionService: a given id is trimmed, and a blank one replaced by a uuid4', async () => {
      const trimmed = await create('u1', '  padded  ');
      expect(trimmed.id).toBe('padded');
      expect((await mustGet({ userId: 'u1', id: 'padded' })).id).toBe('padded');
      const blank = await create('u1', '   ');
      expect(blank.id).toMatch(UUID4);
      const empty = await create('u1', '');
      expect(empty.id).toMatch(UUID4);
    });

    it('adk-python §5 behaviour 20: an id already in use raises AlreadyExistsError and leaves the session as it was', async () => {
      await create('u1', 'dup', { k: 'first' });
      const error: unknown = await create('u1', 'dup', { k: 'second' }).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(AlreadyExistsError.isInstance(error)).toBe(true);
      expect((error as AlreadyExistsError).message).toBe('Session with id dup already exists.');
      expect((await mustGet({ userId: 'u1', id: 'dup' })).state).toEqual({ k: 'first' });
      const padded: unknown = await create('u1', ' dup ').then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(AlreadyExistsError.isInstance(padded)).toBe(true);
    });

    it('reliability G18: many concurrent creates of one id give one session and AlreadyExistsError for the rest', async () => {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 8 }, (_, index) => create('u1', 'contested', { by: index })),
      );
      const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      expect(winners).toHaveLength(1);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') {
          expect(AlreadyExistsError.isInstance(outcome.reason)).toBe(true);
        }
      }
      const stored = await mustGet({ userId: 'u1', id: 'contested' });
      expect(stored.state).toEqual((winners[0] as PromiseFulfilledResult<Session>).value.state);
    });

    it('adk-python §3.1: session ids are unique per app and user, so another user may reuse one', async () => {
      await create('u1', 'shared-id', { owner: 'u1' });
      const other = await create('u2', 'shared-id', { owner: 'u2' });
      expect(other.id).toBe('shared-id');
      expect((await mustGet({ userId: 'u1', id: 'shared-id' })).state).toEqual({ owner: 'u1' });
      expect((await mustGet({ userId: 'u2', id: 'shared-id' })).state).toEqual({ owner: 'u2' });
    });

    it('adk-python §3.2: state given at create is split by scope and temp: keys are dropped', async () => {
      const session = await create('u1', 's1', {
        k: 1,
        'app:a': 2,
        'user:u': 3,
        'temp:t': 4,
      });
      expect(session.state).toEqual({ k: 1, 'app:a': 2, 'user:u': 3 });
      expect((await mustGet(session)).state).toEqual({ k: 1, 'app:a': 2, 'user:u': 3 });
      const sameUser = await create('u1', 's2');
      expect(sameUser.state).toEqual({ 'app:a': 2, 'user:u': 3 });
      const otherUser = await create('u2', 's3');
      expect(otherUser.state).toEqual({ 'app:a': 2 });
    });

    it('contract deep copies: the state passed to create and the session returned do not alias the store', async () => {
      const initial = { nested: { n: 1 }, 'app:shared': { n: 1 } };
      const session = await create('u1', 's1', initial);
      initial.nested.n = 99;
      initial['app:shared'].n = 99;
      (session.state['nested'] as { n: number }).n = 42;
      session.state['added'] = true;
      session.events.push(createEvent({ author: 'intruder' }));
      const found = await mustGet(session);
      expect(found.state).toEqual({ nested: { n: 1 }, 'app:shared': { n: 1 } });
      expect(found.events).toEqual([]);
    });
  });
}
