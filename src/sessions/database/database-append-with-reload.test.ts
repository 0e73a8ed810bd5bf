import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaleSessionError } from '../../errors/stale-session-error.js';
import { createEvent, type Event } from '../../events/event.js';
import {
  createSqlTestDatabase,
  type SqlTestBackend,
  type SqlTestDatabase,
} from '../../testing/sql-test-databases.js';
import type { GetSessionRequest } from '../base-session-service.js';
import type { Session } from '../session.js';
import { applyStateDelta } from '../state-delta.js';
import { DatabaseSessionService } from './database-session-service.js';

// appendEventWithReload on real servers: the reload and the append are one
// transaction under the session row's lock, so no writer, in this process or
// another, can come between them.

function foldState(events: readonly Event[]): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  for (const event of events) applyStateDelta(state, event.actions.stateDelta);
  return state;
}

const backends: SqlTestBackend[] = ['sqlite', 'postgres', 'mysql'];

for (const backend of backends) {
  describe(`DatabaseSessionService.appendEventWithReload on ${backend}`, () => {
    let database: SqlTestDatabase;
    // Two services on one database: two processes, each with its own in-process queue.
    let first: DatabaseSessionService;
    let second: DatabaseSessionService;
    const appName = 'reload';

    beforeAll(async () => {
      database = await createSqlTestDatabase(backend, 'reload');
      first = new DatabaseSessionService({ dbUrl: database.uri });
      second = new DatabaseSessionService({ dbUrl: database.uri });
      await first.prepareTables();
      await second.prepareTables();
    });

    afterAll(async () => {
      await first?.close();
      await second?.close();
      await database?.drop();
    });

    it('8 writers × 25 appends on one session from two services: every call succeeds at once, 0 lost, 0 duplicated, each view equal to storage', async () => {
      const sessionId = 'hot';
      await first.createSession({ appName, userId: 'u', sessionId, state: { start: true } });
      const writers = 8;
      const perWriter = 25;
      const views: Session[] = [];
      const lastIds: string[] = [];
      const writer = async (index: number) => {
        const service = index % 2 === 0 ? first : second;
        const session = (await service.getSession({ appName, userId: 'u', sessionId }))!;
        views[index] = session;
        session.state[`temp:w${index}`] = index;
        for (let seq = 1; seq <= perWriter; seq++) {
          const event = createEvent({
            author: `w${index}`,
            customMetadata: { writer: index, seq },
            actions: {
              stateDelta: {
                [`w${index}`]: seq,
                last: `w${index}-${seq}`,
                ...(seq % 5 === 0 ? { 'user:seen': `w${index}-${seq}` } : {}),
                ...(seq % 3 === 0 ? { [`temp:w${index}`]: seq } : {}),
              },
            },
          });
          await service.appendEventWithReload({ session, event });
          lastIds[index] = event.id;
        }
      };
      await Promise.all(Array.from({ length: writers }, (_, index) => writer(index)));

      const stored = (await first.getSession({ appName, userId: 'u', sessionId }))!;
      expect(stored.events).toHaveLength(writers * perWriter);
      const seen = new Set<string>();
      const lastSeq = new Map<number, number>();
      for (const event of stored.events) {
        const { writer: index, seq } = event.customMetadata as { writer: number; seq: number };
        expect(seen.has(`${index}:${seq}`), `duplicate ${index}:${seq}`).toBe(false);
        seen.add(`${index}:${seq}`);
        expect(seq, `writer ${index} out of order`).toBe((lastSeq.get(index) ?? 0) + 1);
        lastSeq.set(index, seq);
      }
      expect(stored.state).toEqual({ start: true, ...foldState(stored.events) });
      // Each writer's session is storage up to its own last event, plus its temp: key.
      const ids = stored.events.map((event) => event.id);
      for (let index = 0; index < writers; index++) {
        const view = views[index]!;
        const upTo = ids.indexOf(lastIds[index]!) + 1;
        // Field for field, times included: a writer's own events carry the time they were stored at.
        expect(view.events).toEqual(stored.events.slice(0, upTo));
        expect(view.state).toEqual({
          start: true,
          ...foldState(stored.events.slice(0, upTo)),
          [`temp:w${index}`]: perWriter - (perWriter % 3),
        });
      }
    }, 120_000);

    it('a writer that gets in between every read and the next append cannot make it fail', async () => {
      // A user of its own: the other test's `user:` keys are not this session's state.
      const sessionId = 'adversary';
      // Every getSession is followed by another process's append, so a reload
      // done as a read and then an append would lose every time.
      class Adversarial extends DatabaseSessionService {
        reads = 0;
        override async getSession(request: GetSessionRequest): Promise<Session | undefined> {
          const session = await super.getSession(request);
          this.reads += 1;
          const other = (await second.getSession({ appName, userId: 'u-adversary', sessionId }))!;
          await second.appendEvent({
            session: other,
            event: createEvent({ author: 'other', actions: { stateDelta: { other: this.reads } } }),
          });
          return session;
        }
      }
      const service = new Adversarial({ dbUrl: database.uri });
      try {
        await service.createSession({ appName, userId: 'u-adversary', sessionId });
        const session = (await service.getSession({ appName, userId: 'u-adversary', sessionId }))!;
        const plain = createEvent({ author: 'me', actions: { stateDelta: { mine: 1 } } });
        const refused: unknown = await service
          .appendEvent({ session, event: plain })
          .catch((error: unknown) => error);
        expect(StaleSessionError.isInstance(refused)).toBe(true);

        const event = createEvent({ author: 'me', actions: { stateDelta: { mine: 2 } } });
        await service.appendEventWithReload({ session, event });
        // Read with the plain service: the adversary would write after this read too.
        const stored = (await second.getSession({ appName, userId: 'u-adversary', sessionId }))!;
        expect(stored.events.map((one) => one.author)).toEqual(['other', 'me']);
        expect(session.events).toEqual(stored.events);
        expect(session.state).toEqual({ other: 1, mine: 2 });
        expect(service.reads).toBe(1);
      } finally {
        await service.close();
      }
    });
  });
}
