import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseError } from '../../errors/database-error.js';
import { InputValidationError } from '../../errors/input-validation-error.js';
import { StaleSessionError } from '../../errors/stale-session-error.js';
import { createEvent } from '../../events/event.js';
import {
  createSqlTestDatabase,
  type SqlTestBackend,
  type SqlTestDatabase,
} from '../../testing/sql-test-databases.js';
import { nowSeconds } from '../../utils/clock.js';
import { openDatabase, type SqlDatabase } from './connection.js';
import { DatabaseSessionService } from './database-session-service.js';
import type { SessionTables } from './session-schema.js';

for (const backend of ['sqlite', 'postgres', 'mysql'] as SqlTestBackend[]) {
  describe(`DatabaseSessionService append rules on ${backend}`, () => {
    let database: SqlTestDatabase;
    let service: DatabaseSessionService;
    let raw: SqlDatabase<SessionTables>;

    beforeAll(async () => {
      database = await createSqlTestDatabase(backend, 'append_rules');
      service = new DatabaseSessionService({ dbUrl: database.uri });
      await service.prepareTables();
      raw = await openDatabase<SessionTables>(database.uri);
    });

    afterAll(async () => {
      await raw?.close();
      await service?.close();
      await database?.drop();
    });

    const scopeTimes = async (appName: string) => ({
      app: (
        await raw.db
          .selectFrom('app_states')
          .select('update_time')
          .where('app_name', '=', appName)
          .executeTakeFirstOrThrow()
      ).update_time,
      user: (
        await raw.db
          .selectFrom('user_states')
          .select('update_time')
          .where('app_name', '=', appName)
          .executeTakeFirstOrThrow()
      ).update_time,
    });

    it('issue 5 part 2: the app and user state rows are written only when the event has a delta for them', async () => {
      const session = await service.createSession({ appName: 'rows', userId: 'u' });
      const created = await scopeTimes('rows');
      await service.appendEvent({
        session,
        event: createEvent({ author: 'a', actions: { stateDelta: { plain: 1 } } }),
      });
      expect(await scopeTimes('rows')).toEqual(created);
      await service.appendEvent({
        session,
        event: createEvent({ author: 'a', actions: { stateDelta: { 'user:k': 1 } } }),
      });
      const afterUser = await scopeTimes('rows');
      expect(afterUser.app).toEqual(created.app);
      expect(afterUser.user).not.toEqual(created.user);
      await service.appendEvent({
        session,
        event: createEvent({ author: 'a', actions: { stateDelta: { 'app:k': 1 } } }),
      });
      const afterApp = await scopeTimes('rows');
      expect(afterApp.app).not.toEqual(created.app);
      expect(afterApp.user).toEqual(afterUser.user);
    });

    it("decision 0015: a session object the service never returned follows Python's rule (stale only if storage moved past its last event)", async () => {
      const session = await service.createSession({ appName: 'markerless', userId: 'u' });
      await service.appendEvent({ session, event: createEvent({ author: 'a' }) });
      // A copy the service has no revision for (a clone, or a hand-built session).
      const copy = structuredClone(session);
      await service.appendEvent({ session: copy, event: createEvent({ author: 'copy' }) });
      const outdated = structuredClone(session);
      const error: unknown = await service
        .appendEvent({ session: outdated, event: createEvent({ author: 'late' }) })
        .then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
      expect(StaleSessionError.isInstance(error)).toBe(true);
      const stored = await service.getSession({
        appName: 'markerless',
        userId: 'u',
        sessionId: session.id,
      });
      expect(stored?.events.map((event) => event.author)).toEqual(['a', 'copy']);
    });

    it('decision 0015: an event not later than the last update moves the revision one microsecond, so a stale copy is still caught', async () => {
      const session = await service.createSession({ appName: 'old_events', userId: 'u' });
      const stale = (await service.getSession({
        appName: 'old_events',
        userId: 'u',
        sessionId: session.id,
      }))!;
      const before = session.lastUpdateTime;
      await service.appendEvent({
        session,
        event: createEvent({ author: 'a', timestamp: nowSeconds() - 3600 }),
      });
      expect(session.lastUpdateTime).toBeCloseTo(before + 1e-6, 6);
      expect(session.lastUpdateTime).toBeGreaterThan(before);
      const error: unknown = await service
        .appendEvent({ session: stale, event: createEvent({ author: 'b', timestamp: before }) })
        .then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
      expect(StaleSessionError.isInstance(error)).toBe(true);
    });

    it('issue 15: NUL characters and unpaired surrogates, which JSONB refuses, are refused on every dialect before anything is written', async () => {
      const session = await service.createSession({ appName: 'unstorable', userId: 'u' });
      const refusals = async (call: () => Promise<unknown>) => {
        const error = await call().then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
        expect(InputValidationError.isInstance(error), String(error)).toBe(true);
        expect(DatabaseError.isInstance(error)).toBe(false);
        expect((error as Error).message).toContain('NUL character or an unpaired surrogate');
      };
      for (const value of ['a\0b', 'half\ud800', '\udfffhalf']) {
        await refusals(() =>
          service.createSession({ appName: 'unstorable', userId: 'u', state: { key: value } }),
        );
        await refusals(() =>
          service.createSession({ appName: 'unstorable', userId: 'u', state: { [value]: 1 } }),
        );
        await refusals(() =>
          service.appendEvent({
            session,
            event: createEvent({ author: 'a', actions: { stateDelta: { 'user:k': [value] } } }),
          }),
        );
        await refusals(() =>
          service.appendEvent({
            session,
            event: createEvent({
              author: 'a',
              content: { role: 'user', parts: [{ text: value }] },
            }),
          }),
        );
      }
      // Escaped backslashes, a NUL spelled out and paired surrogates are ordinary text.
      const text = 'C:\\u0000\\ud800 \\\\u0000 😀';
      await service.appendEvent({
        session,
        event: createEvent({ author: 'a', content: { role: 'user', parts: [{ text }] } }),
      });
      const stored = await service.getSession({
        appName: 'unstorable',
        userId: 'u',
        sessionId: session.id,
      });
      expect(stored?.events.map((event) => event.content?.parts?.[0]?.text)).toEqual([text]);
      expect((await service.listSessions({ appName: 'unstorable' })).sessions).toHaveLength(1);
    });
  });
}
