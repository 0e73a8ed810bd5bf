import { beforeEach, describe, expect, it } from 'vitest';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import { T0, sessionSuiteHelpers, type SessionSuiteContext } from './session-suite-helpers.js';

/**
 * The session suite's `deleteSession`: a deleted session and its events are gone, others stay,
 * deleting a missing one does nothing, and its id can be reused.
 */
export function describeDeleteSession(context: () => SessionSuiteContext): void {
  const { create, get, mustGet, append } = sessionSuiteHelpers(context);

  describe('deleteSession', () => {
    let service: BaseSessionService;
    let app: string;
    beforeEach(() => {
      ({ service, app } = context());
    });

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
}
