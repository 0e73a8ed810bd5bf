import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AlreadyExistsError } from '../errors/already-exists-error.js';
import { SessionNotFoundError } from '../errors/session-not-found-error.js';
import { createEvent, type EventInit } from '../events/event.js';
import type { BaseSessionService, GetSessionConfig } from '../sessions/base-session-service.js';
import type { Session } from '../sessions/session.js';
import { describeAppendEventWithReload } from './session-suite-reload.js';
import { describeSessionValidation } from './session-suite-validation.js';

/** What a backend hands the suite for one test: a fresh service and how to dispose of it. */
export interface SessionServiceFixture {
  service: BaseSessionService;
  /** Runs after the test (close connections, drop temporary databases). */
  cleanup?: () => Promise<void>;
}

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/**
 * Event timestamps used by the tests: whole seconds, exact in every backend's
 * time column, and later than any session's creation (2096), because a SQL
 * store's revision never moves back: an event older than the session's last
 * update sets the update time one microsecond past it instead (decision 0015).
 */
const T0 = 4_000_000_000;

/**
 * The behavioural suite every `BaseSessionService` backend must pass unchanged
 * (in-memory, SQLite, PostgreSQL, MySQL), in the manner of adk-go's
 * `sessiontestsuite`. Each test names the rule it pins.
 *
 * `makeService` is called before every test; each test also uses an app name
 * of its own, so backends may share one database across tests.
 */
export function runSessionServiceSuite(
  name: string,
  makeService: () => Promise<SessionServiceFixture>,
): void {
  describe(`${name} (session service suite)`, () => {
    let service: BaseSessionService;
    let cleanup: (() => Promise<void>) | undefined;
    let app: string;

    beforeEach(async () => {
      ({ service, cleanup } = await makeService());
      app = `app_${randomUUID().replaceAll('-', '')}`;
    });

    afterEach(async () => {
      await cleanup?.();
    });

    const create = (userId = 'u1', sessionId?: string, state?: Record<string, unknown>) =>
      service.createSession({ appName: app, userId, sessionId, state });
    const get = (session: Pick<Session, 'userId' | 'id'>, config?: GetSessionConfig) =>
      service.getSession({ appName: app, userId: session.userId, sessionId: session.id, config });
    const mustGet = async (session: Pick<Session, 'userId' | 'id'>): Promise<Session> => {
      const found = await get(session);
      expect(found, `session ${session.id} should exist`).toBeDefined();
      return found as Session;
    };
    const append = (session: Session, init: Partial<EventInit> = {}) =>
      service.appendEvent({ session, event: createEvent({ author: 'user', ...init }) });
    const appendState = (
      session: Session,
      stateDelta: Record<string, unknown>,
      timestamp?: number,
    ) => append(session, { actions: { stateDelta }, timestamp });

    describe('createSession', () => {
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

    describe('getSession', () => {
      it('contract getSession: a missing session is undefined (unknown app, user or id, or another user)', async () => {
        const session = await create('u1', 's1');
        expect(
          await service.getSession({ appName: `${app}_x`, userId: 'u1', sessionId: 's1' }),
        ).toBeUndefined();
        expect(await get({ userId: 'nobody', id: 's1' })).toBeUndefined();
        expect(await get({ userId: 'u1', id: 'missing' })).toBeUndefined();
        expect(await get({ userId: 'u2', id: session.id })).toBeUndefined();
      });

      it('spec 001 "State Updates": a read after appends returns the events and the committed state', async () => {
        const session = await create('u1', 's1', { k: 0 });
        const first = await appendState(session, { k: 1, 'user:u': 'x' }, T0 + 1);
        const second = await append(session, {
          timestamp: T0 + 2,
          content: { role: 'user', parts: [{ text: 'hello' }] },
        });
        const found = await mustGet(session);
        expect(found.id).toBe('s1');
        expect(found.appName).toBe(app);
        expect(found.userId).toBe('u1');
        expect(found.state).toEqual({ k: 1, 'user:u': 'x' });
        expect(found.events.map((event) => event.id)).toEqual([first.id, second.id]);
        expect(found.events[1]?.content).toEqual({ role: 'user', parts: [{ text: 'hello' }] });
      });

      describe('GetSessionConfig', () => {
        let session: Session;
        let ids: string[];

        beforeEach(async () => {
          session = await create('u1', 's1');
          ids = [];
          for (let i = 1; i <= 5; i += 1) {
            ids.push((await append(session, { timestamp: T0 + i })).id);
          }
        });

        it('adk-python §5 behaviour 21: numRecentEvents keeps the last N events', async () => {
          const found = await get(session, { numRecentEvents: 3 });
          expect(found?.events.map((event) => event.id)).toEqual(ids.slice(2));
        });

        it('contract GetSessionConfig: numRecentEvents 0 or unset returns every event; more than there are returns all', async () => {
          expect((await get(session, { numRecentEvents: 0 }))?.events).toHaveLength(5);
          expect((await get(session, {}))?.events).toHaveLength(5);
          expect((await get(session))?.events).toHaveLength(5);
          expect((await get(session, { numRecentEvents: 50 }))?.events).toHaveLength(5);
        });

        it('adk-python §3.2: afterTimestamp keeps the events at or after that time', async () => {
          const found = await get(session, { afterTimestamp: T0 + 2 });
          expect(found?.events.map((event) => event.id)).toEqual(ids.slice(1));
          expect((await get(session, { afterTimestamp: T0 + 2.5 }))?.events).toHaveLength(3);
          expect((await get(session, { afterTimestamp: T0 - 10 }))?.events).toHaveLength(5);
          expect((await get(session, { afterTimestamp: T0 + 99 }))?.events).toEqual([]);
        });

        it('adk-python §5 behaviour 21: numRecentEvents and afterTimestamp together keep events meeting both', async () => {
          const few = await get(session, { numRecentEvents: 2, afterTimestamp: T0 + 1 });
          expect(few?.events.map((event) => event.id)).toEqual(ids.slice(3));
          const late = await get(session, { numRecentEvents: 4, afterTimestamp: T0 + 4 });
          expect(late?.events.map((event) => event.id)).toEqual(ids.slice(3));
        });

        it('contract GetSessionConfig: limiting a read does not trim the stored history', async () => {
          await get(session, { numRecentEvents: 1, afterTimestamp: T0 + 5 });
          expect((await mustGet(session)).events.map((event) => event.id)).toEqual(ids);
        });
      });
    });

    describe('listSessions', () => {
      it("adk-python §3.2: listSessions returns one user's sessions with merged state and no events", async () => {
        const s1 = await create('u1', 's1', { k: 1, 'user:u': 'one', 'app:a': 'all' });
        await appendState(s1, { k: 2 }, T0 + 1);
        await create('u1', 's2', { k: 3 });
        await create('u2', 's3', { 'user:u': 'two' });
        const { sessions } = await service.listSessions({ appName: app, userId: 'u1' });
        const byId = new Map(sessions.map((session) => [session.id, session]));
        expect([...byId.keys()].sort()).toEqual(['s1', 's2']);
        expect(byId.get('s1')?.state).toEqual({ k: 2, 'user:u': 'one', 'app:a': 'all' });
        expect(byId.get('s2')?.state).toEqual({ k: 3, 'user:u': 'one', 'app:a': 'all' });
        for (const session of sessions) {
          expect(session.events).toEqual([]);
          expect(session.appName).toBe(app);
          expect(session.userId).toBe('u1');
        }
        expect(byId.get('s1')?.lastUpdateTime).toBe(T0 + 1);
      });

      it('adk-python §1.8: listSessions without a user returns the sessions of every user, each with its own user state', async () => {
        await create('u1', 's1', { 'user:u': 'one', 'app:a': 'all' });
        await create('u1', 's2');
        await create('u2', 's3', { 'user:u': 'two' });
        const { sessions } = await service.listSessions({ appName: app });
        const byId = new Map(sessions.map((session) => [session.id, session]));
        expect([...byId.keys()].sort()).toEqual(['s1', 's2', 's3']);
        expect(byId.get('s2')?.userId).toBe('u1');
        expect(byId.get('s2')?.state).toEqual({ 'user:u': 'one', 'app:a': 'all' });
        expect(byId.get('s3')?.userId).toBe('u2');
        expect(byId.get('s3')?.state).toEqual({ 'user:u': 'two', 'app:a': 'all' });
        for (const session of sessions) expect(session.events).toEqual([]);
      });

      it('contract listSessions: an unknown user or app has no sessions', async () => {
        await create('u1', 's1');
        expect((await service.listSessions({ appName: app, userId: 'nobody' })).sessions).toEqual(
          [],
        );
        expect((await service.listSessions({ appName: `${app}_x` })).sessions).toEqual([]);
        expect(
          (await service.listSessions({ appName: `${app}_x`, userId: 'u1' })).sessions,
        ).toEqual([]);
      });
    });

    describe('deleteSession', () => {
      it('contract deleteSession: a deleted session is gone from get and list; others stay', async () => {
        const doomed = await create('u1', 's1');
        await append(doomed, { timestamp: T0 + 1 });
        await create('u1', 's2');
        await service.deleteSession({ appName: app, userId: 'u1', sessionId: 's1' });
        expect(await get(doomed)).toBeUndefined();
        const { sessions } = await service.listSessions({ appName: app, userId: 'u1' });
        expect(sessions.map((session) => session.id)).toEqual(['s2']);
      });

      it('contract deleteSession: the events go with the session; one made again with its id starts empty', async () => {
        const doomed = await create('u1', 's1', { k: 1 });
        for (let i = 1; i <= 3; i += 1) await append(doomed, { timestamp: T0 + i });
        await service.deleteSession({ appName: app, userId: 'u1', sessionId: 's1' });
        const again = await create('u1', 's1');
        expect((await mustGet(again)).events).toEqual([]);
        expect((await get(again, { afterTimestamp: T0 }))?.events).toEqual([]);
      });

      it('contract deleteSession: deleting a session that does not exist does nothing', async () => {
        await create('u1', 's1');
        await expect(
          service.deleteSession({ appName: app, userId: 'u1', sessionId: 'missing' }),
        ).resolves.toBeUndefined();
        await expect(
          service.deleteSession({ appName: app, userId: 'nobody', sessionId: 's1' }),
        ).resolves.toBeUndefined();
        await expect(
          service.deleteSession({ appName: `${app}_x`, userId: 'u1', sessionId: 's1' }),
        ).resolves.toBeUndefined();
        expect(await get({ userId: 'u1', id: 's1' })).toBeDefined();
      });

      it('contract deleteSession: an id can be reused once its session is deleted', async () => {
        await create('u1', 's1', { k: 'old' });
        await service.deleteSession({ appName: app, userId: 'u1', sessionId: 's1' });
        const again = await create('u1', 's1', { k: 'new' });
        expect(again.state).toEqual({ k: 'new' });
        expect((await mustGet(again)).events).toEqual([]);
      });
    });

    describe('appendEvent', () => {
      it('contract appendEvent: a session that is not in the store raises SessionNotFoundError and the caller is untouched', async () => {
        const ghost: Session = {
          id: 'ghost',
          appName: app,
          userId: 'u1',
          state: {},
          events: [],
          lastUpdateTime: 0,
        };
        const error: unknown = await appendState(ghost, { k: 1 }).then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
        expect(SessionNotFoundError.isInstance(error)).toBe(true);
        expect(ghost.events).toEqual([]);
        expect(ghost.state).toEqual({});

        const deleted = await create('u1', 's1');
        await service.deleteSession({ appName: app, userId: 'u1', sessionId: 's1' });
        const afterDelete: unknown = await append(deleted).then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
        expect(SessionNotFoundError.isInstance(afterDelete)).toBe(true);
        expect(await get(deleted)).toBeUndefined();
      });

      it('adk-python §5 behaviour 16: app: state is shared by every user of the app, not across apps', async () => {
        const writer = await create('u1', 's1');
        const before = await create('u2', 's2');
        await appendState(writer, { 'app:flag': 'on' }, T0 + 1);
        expect(writer.state['app:flag']).toBe('on');
        expect((await mustGet(writer)).state['app:flag']).toBe('on');
        expect((await mustGet(before)).state['app:flag']).toBe('on');
        expect((await create('u3', 's3')).state['app:flag']).toBe('on');
        const otherApp = await service.createSession({ appName: `${app}_x`, userId: 'u1' });
        expect(otherApp.state).toEqual({});
      });

      it("adk-python §5 behaviour 16: user: state is shared by that user's sessions only", async () => {
        const writer = await create('u1', 's1');
        const sibling = await create('u1', 's2');
        const stranger = await create('u2', 's3');
        await appendState(writer, { 'user:name': 'Ada' }, T0 + 1);
        expect((await mustGet(writer)).state['user:name']).toBe('Ada');
        expect((await mustGet(sibling)).state['user:name']).toBe('Ada');
        expect((await create('u1', 's4')).state['user:name']).toBe('Ada');
        expect((await mustGet(stranger)).state).toEqual({});
        const otherApp = await service.createSession({ appName: `${app}_x`, userId: 'u1' });
        expect(otherApp.state).toEqual({});
      });

      it('adk-python §5 behaviour 16: session state is never shared', async () => {
        const writer = await create('u1', 's1');
        const sibling = await create('u1', 's2');
        await appendState(writer, { topic: 'cats' }, T0 + 1);
        expect(writer.state).toEqual({ topic: 'cats' });
        expect((await mustGet(writer)).state).toEqual({ topic: 'cats' });
        expect((await mustGet(sibling)).state).toEqual({});
        expect((await create('u1', 's3')).state).toEqual({});
      });

      it('adk-python §5 behaviour 17: temp: state reaches the live session but never the store or the event', async () => {
        const session = await create('u1', 's1');
        const returned = await appendState(session, { 'temp:scratch': 1, kept: 2 }, T0 + 1);
        expect(session.state).toEqual({ 'temp:scratch': 1, kept: 2 });
        expect(returned.actions.stateDelta).toEqual({ kept: 2 });
        expect(session.events[0]?.actions.stateDelta).toEqual({ kept: 2 });

        await appendState(session, { later: true }, T0 + 2);
        expect(session.state['temp:scratch']).toBe(1);

        const stored = await mustGet(session);
        expect(stored.state).toEqual({ kept: 2, later: true });
        expect(stored.events[0]?.actions.stateDelta).toEqual({ kept: 2 });
        for (const event of stored.events) {
          expect(
            Object.keys(event.actions.stateDelta).filter((key) => key.startsWith('temp:')),
          ).toEqual([]);
        }
      });

      it('spec 000 §7.4: a null value in a delta removes the key (session, app: and user: scopes)', async () => {
        const session = await create('u1', 's1', { k: 1, keep: 0, 'app:a': 1, 'user:u': 1 });
        const sibling = await create('u1', 's2');
        const stranger = await create('u2', 's3');
        await appendState(session, { k: null, 'app:a': null, 'user:u': null }, T0 + 1);
        expect(session.state).toEqual({ keep: 0 });
        expect((await mustGet(session)).state).toEqual({ keep: 0 });
        expect((await mustGet(sibling)).state).toEqual({});
        expect((await mustGet(stranger)).state).toEqual({});
      });

      it("spec 000 §7.3: partial events are never persisted and the caller's session is untouched", async () => {
        const session = await create('u1', 's1', { k: 'before' });
        const lastUpdateTime = session.lastUpdateTime;
        const partial = createEvent({
          author: 'agent',
          partial: true,
          timestamp: T0 + 1,
          content: { role: 'model', parts: [{ text: 'chunk' }] },
          actions: { stateDelta: { k: 'after', 'app:a': 1 } },
        });
        const returned = await service.appendEvent({ session, event: partial });
        expect(returned).toBe(partial);
        expect(session.events).toEqual([]);
        expect(session.state).toEqual({ k: 'before' });
        expect(session.lastUpdateTime).toBe(lastUpdateTime);
        const stored = await mustGet(session);
        expect(stored.events).toEqual([]);
        expect(stored.state).toEqual({ k: 'before' });
      });

      it('adk-python §3.3: lastUpdateTime becomes the timestamp of the appended event', async () => {
        const session = await create('u1', 's1');
        await append(session, { timestamp: T0 + 7 });
        expect(session.lastUpdateTime).toBe(T0 + 7);
        expect((await mustGet(session)).lastUpdateTime).toBe(T0 + 7);
        await append(session, { timestamp: T0 + 9 });
        expect(session.lastUpdateTime).toBe(T0 + 9);
        expect((await mustGet(session)).lastUpdateTime).toBe(T0 + 9);
      });

      it("contract appendEvent: the event is added to the caller's session and returned", async () => {
        const session = await create('u1', 's1');
        const event = createEvent({ author: 'user', timestamp: T0 + 1 });
        const returned = await service.appendEvent({ session, event });
        expect(returned).toBe(event);
        expect(session.events).toHaveLength(1);
        // The event itself, or the store's immutable copy of it (equal to it).
        expect(session.events[0]).toEqual(event);
      });

      it('contract deep copies: changing an appended event or a read session afterwards does not change the store', async () => {
        const session = await create('u1', 's1');
        const event = createEvent({
          author: 'user',
          timestamp: T0 + 1,
          content: { role: 'user', parts: [{ text: 'original' }] },
          actions: { stateDelta: { obj: { n: 1 }, 'app:obj': { n: 1 } } },
        });
        await service.appendEvent({ session, event });
        const firstPart = event.content?.parts?.[0];
        if (firstPart) firstPart.text = 'changed';
        event.actions.stateDelta['extra'] = true;
        (session.state['obj'] as { n: number }).n = 99;
        (session.state['app:obj'] as { n: number }).n = 99;

        const read = await mustGet(session);
        expect(read.events[0]?.content).toEqual({ role: 'user', parts: [{ text: 'original' }] });
        expect(read.events[0]?.actions.stateDelta).toEqual({ obj: { n: 1 }, 'app:obj': { n: 1 } });
        expect(read.state).toEqual({ obj: { n: 1 }, 'app:obj': { n: 1 } });

        (read.state['obj'] as { n: number }).n = 7;
        read.state['app:new'] = 1;
        read.events.length = 0;
        const again = await mustGet(session);
        expect(again).not.toBe(read);
        expect(again.state).toEqual({ obj: { n: 1 }, 'app:obj': { n: 1 } });
        expect(again.events).toHaveLength(1);
      });

      it('spec 000 §7.1: events come back in append order with every field intact', async () => {
        const session = await create('u1', 's1');
        const call = createEvent({
          id: randomUUID(),
          invocationId: `e-${randomUUID()}`,
          author: 'root_agent',
          branch: 'root_agent.helper',
          timestamp: T0 + 1,
          content: {
            role: 'model',
            parts: [{ functionCall: { id: 'adk-1', name: 'lookup', args: { q: 'x', n: [1, 2] } } }],
          },
          longRunningToolIds: ['adk-1'],
          customMetadata: { source: 'suite', nested: { ok: true } },
          turnComplete: true,
          actions: {
            stateDelta: { step: 1 },
            artifactDelta: { 'report.txt': 0 },
            skipSummarization: true,
          },
        });
        const reply = createEvent({
          author: 'root_agent',
          invocationId: call.invocationId,
          timestamp: T0 + 2,
          content: {
            role: 'user',
            parts: [
              { functionResponse: { id: 'adk-1', name: 'lookup', response: { result: 'y' } } },
            ],
          },
          actions: { transferToAgent: 'helper', escalate: true },
        });
        const text = createEvent({
          author: 'helper',
          timestamp: T0 + 3,
          content: { role: 'model', parts: [{ text: 'done' }] },
          errorCode: 'NONE',
          errorMessage: 'none',
        });
        const expected = [structuredClone(call), structuredClone(reply), structuredClone(text)];
        for (const event of [call, reply, text]) await service.appendEvent({ session, event });
        const stored = await mustGet(session);
        expect(stored.events).toEqual(expected);
      });

      it('contract appendEvent: concurrent appends to two sessions do not interfere', async () => {
        const a = await create('u1', 'a');
        const b = await create('u2', 'b');
        const run = async (session: Session, label: string) => {
          for (let i = 1; i <= 10; i += 1) {
            await appendState(session, {
              [`${label}${i}`]: i,
              count: i,
              'user:last': `${label}${i}`,
            });
          }
        };
        await Promise.all([run(a, 'a'), run(b, 'b')]);
        for (const [session, label, user] of [
          [a, 'a', 'u1'],
          [b, 'b', 'u2'],
        ] as const) {
          const stored = await mustGet(session);
          expect(stored.userId).toBe(user);
          expect(stored.events).toHaveLength(10);
          expect(stored.events.map((event) => Object.keys(event.actions.stateDelta)[0])).toEqual(
            Array.from({ length: 10 }, (_, i) => `${label}${i + 1}`),
          );
          expect(stored.state['count']).toBe(10);
          expect(stored.state['user:last']).toBe(`${label}10`);
          expect(
            Object.keys(stored.state).filter((key) => key.startsWith(label === 'a' ? 'b' : 'a')),
          ).toEqual([]);
        }
      });

      it('adk-python §5 behaviour 17: state written by one event is visible to the next in the same live session', async () => {
        const session = await create('u1', 's1');
        await appendState(session, { 'temp:step': 1, 'user:seen': true, n: 1 }, T0 + 1);
        expect(session.state).toEqual({ 'temp:step': 1, 'user:seen': true, n: 1 });
        await appendState(session, { 'temp:step': 2, n: 2 }, T0 + 2);
        expect(session.state).toEqual({ 'temp:step': 2, 'user:seen': true, n: 2 });
        expect((await mustGet(session)).state).toEqual({ 'user:seen': true, n: 2 });
      });
    });

    describeAppendEventWithReload(() => ({ service, app }));
    describeSessionValidation(() => ({ service, app }));
  });
}
