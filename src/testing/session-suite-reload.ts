import { expect, describe, it } from 'vitest';
import { SessionNotFoundError } from '../errors/session-not-found-error.js';
import { createEvent } from '../events/event.js';
import { T0, sessionSuiteHelpers, type SessionSuiteContext } from './session-suite-helpers.js';

/**
 * `appendEventWithReload` as every store must do it: a caller behind
 * another writer is refreshed in place and its event stored after the
 * other's, the reload keeps the caller's `getSession` limits, and a current
 * caller or a missing session behave as with `appendEvent`.
 */
export function describeAppendEventWithReload(context: () => SessionSuiteContext): void {
  const { create, get, mustGet, appendState } = sessionSuiteHelpers(context);

  describe('appendEventWithReload', () => {
    const event = (timestamp: number, stateDelta: Record<string, unknown>) =>
      createEvent({ author: 'user', timestamp, actions: { stateDelta } });

    it("contract appendEventWithReload: a caller behind another writer is brought up to date and its event stored after the other's", async () => {
      const { service } = context();
      const created = await create('u1', 's1', { base: 0 });
      const ahead = await mustGet(created);
      const behind = await mustGet(created);
      behind.state['temp:scratch'] = 'mine';
      const first = event(T0 + 1, { a: 1, 'user:u': 1 });
      await service.appendEvent({ session: ahead, event: first });
      const second = event(T0 + 2, { b: 2, 'temp:step': 2 });
      const eventsList = behind.events;
      const stateObject = behind.state;

      const returned = await service.appendEventWithReload({ session: behind, event: second });
      expect(returned).toBe(second);
      expect(behind.events.map((stored) => stored.id)).toEqual([first.id, second.id]);
      expect(behind.state).toEqual({
        base: 0,
        a: 1,
        'user:u': 1,
        b: 2,
        'temp:scratch': 'mine',
        'temp:step': 2,
      });
      // Refreshed in place: what an invocation holds stays what it sees.
      expect(behind.events).toBe(eventsList);
      expect(behind.state).toBe(stateObject);
      const stored = await mustGet(created);
      expect(stored.events.map((one) => one.id)).toEqual([first.id, second.id]);
      expect(stored.state).toEqual({ base: 0, a: 1, 'user:u': 1, b: 2 });
      // Its revision is current now: a plain append goes through.
      await service.appendEvent({ session: behind, event: event(T0 + 3, { c: 3 }) });
      expect((await mustGet(created)).state).toEqual({ base: 0, a: 1, 'user:u': 1, b: 2, c: 3 });
    });

    it('contract appendEventWithReload: the reload keeps the limits the caller loaded with', async () => {
      const { service } = context();
      const created = await create('u1', 's1');
      for (let i = 1; i <= 3; i += 1) await appendState(created, { [`k${i}`]: i }, T0 + i);
      const behind = (await get(created, { numRecentEvents: 1 }))!;
      const other = await mustGet(created);
      await appendState(other, { k4: 4 }, T0 + 4);
      const last = event(T0 + 5, { k5: 5 });
      await service.appendEventWithReload({
        session: behind,
        event: last,
        config: { numRecentEvents: 2 },
      });
      expect(behind.events.map((one) => Object.keys(one.actions.stateDelta))).toEqual([
        ['k3'],
        ['k4'],
        ['k5'],
      ]);
      expect(behind.state).toEqual({ k1: 1, k2: 2, k3: 3, k4: 4, k5: 5 });
    });

    it('contract appendEventWithReload: a caller that is current appends as appendEvent does; a missing session raises SessionNotFoundError', async () => {
      const { service, app } = context();
      const session = await create('u1', 's1');
      const first = event(T0 + 1, { a: 1 });
      await service.appendEventWithReload({ session, event: first });
      expect(session.events.map((one) => one.id)).toEqual([first.id]);
      expect(session.state).toEqual({ a: 1 });
      expect((await mustGet(session)).events.map((one) => one.id)).toEqual([first.id]);
      await service.deleteSession({ appName: app, userId: 'u1', sessionId: 's1' });
      const error: unknown = await service
        .appendEventWithReload({ session, event: event(T0 + 2, { b: 2 }) })
        .catch((thrown: unknown) => thrown);
      expect(SessionNotFoundError.isInstance(error)).toBe(true);
    });
  });
}
