import { beforeEach, describe, expect, it } from 'vitest';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import type { Session } from '../sessions/session.js';
import { T0, sessionSuiteHelpers, type SessionSuiteContext } from './session-suite-helpers.js';

/**
 * The session suite's `getSession` and `listSessions`: missing sessions, committed state and
 * events, the `GetSessionConfig` limits, and listing one user or all users
 * with merged state and no events.
 */
export function describeSessionReads(context: () => SessionSuiteContext): void {
  const { create, get, mustGet, append, appendState } = sessionSuiteHelpers(context);

  describe('getSession', () => {
    let service: BaseSessionService;
    let app: string;
    beforeEach(() => {
      ({ service, app } = context());
    });

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
    let service: BaseSessionService;
    let app: string;
    beforeEach(() => {
      ({ service, app } = context());
    });

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
      expect((await service.listSessions({ appName: app, userId: 'nobody' })).sessions).toEqual([]);
      expect((await service.listSessions({ appName: `${app}_x` })).sessions).toEqual([]);
      expect((await service.listSessions({ appName: `${app}_x`, userId: 'u1' })).sessions).toEqual(
        [],
      );
    });
  });
}
