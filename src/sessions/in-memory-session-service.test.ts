import { describe, expect, it } from 'vitest';
import { createEvent } from '../events/event.js';
import { runSessionServiceSuite } from '../testing/session-service-suite.js';
import { InMemorySessionService } from './in-memory-session-service.js';

runSessionServiceSuite('InMemorySessionService', async () => ({
  service: new InMemorySessionService(),
}));

describe('InMemorySessionService', () => {
  it('gives the same independent deep copy of the events on every read', async () => {
    const service = new InMemorySessionService();
    const session = await service.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const weird = JSON.parse('{"__proto__": {"x": 1}, "list": [1, {"deep": [null]}]}') as unknown;
    const events = [
      createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'hi' }] } }),
      createEvent({
        author: 'agent',
        content: {
          role: 'model',
          parts: [{ functionCall: { name: 'f', args: { weird, when: new Date(0) }, id: 'adk-1' } }],
        },
        actions: { stateDelta: { k: { nested: [1, 2] } } },
      }),
      createEvent({
        author: 'agent',
        content: { role: 'user', parts: Array.from({ length: 40 }, (_, i) => ({ text: `${i}` })) },
      }),
    ];
    for (const event of events) await service.appendEvent({ session, event });
    const expected = JSON.stringify(events);
    // The first read copies generically, later ones with copiers compiled per event.
    for (let read = 0; read < 4; read++) {
      const found = (await service.getSession({ appName: 'app', userId: 'u', sessionId: 's' }))!;
      expect(JSON.stringify(found.events)).toBe(expected);
      expect(found.events).toEqual(events);
      const call = found.events[1]!.content!.parts![0]!.functionCall!;
      expect(Object.hasOwn(call.args!['weird'] as object, '__proto__')).toBe(true);
      expect(call.args!['when']).toEqual(new Date(0));
      expect(call.args!['when']).not.toBe(
        events[1]!.content!.parts![0]!.functionCall!.args!['when'],
      );
      // Whatever the caller does to its copy stays in its copy.
      call.args!['extra'] = read;
      found.events[0]!.content!.parts!.push({ text: 'more' });
      found.events[2]!.content!.parts!.length = 0;
      (found.events[1]!.actions.stateDelta['k'] as { nested: number[] }).nested.push(read);
    }
  });

  it('keeps nothing in common between two instances', async () => {
    const first = new InMemorySessionService();
    const second = new InMemorySessionService();
    await first.createSession({
      appName: 'app',
      userId: 'u1',
      sessionId: 's1',
      state: { 'app:a': 1 },
    });
    expect(
      await second.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }),
    ).toBeUndefined();
    expect((await second.createSession({ appName: 'app', userId: 'u1' })).state).toEqual({});
  });

  it('accepts names that are Object.prototype members as app, user and session names', async () => {
    const service = new InMemorySessionService();
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const session = await service.createSession({ appName: name, userId: name, sessionId: name });
      expect(session.id).toBe(name);
      await service.appendEvent({
        session,
        event: createEvent({
          author: 'user',
          actions: { stateDelta: { 'app:constructor': name } },
        }),
      });
      const found = await service.getSession({ appName: name, userId: name, sessionId: name });
      expect(found?.events).toHaveLength(1);
      expect(found?.state).toEqual({ 'app:constructor': name });
      const { sessions } = await service.listSessions({ appName: name });
      expect(sessions.map((listed) => listed.id)).toEqual([name]);
    }
    expect(
      await service.getSession({ appName: 'x', userId: 'y', sessionId: '__proto__' }),
    ).toBeUndefined();
  });

  it('adk-python in_memory_session_service: afterTimestamp keeps the events after the last one older than it', async () => {
    // Python scans back from the newest event and cuts at the first one older
    // than after_timestamp, so an out-of-order older event before that point
    // is not reached; this mirrors it exactly.
    const service = new InMemorySessionService();
    const session = await service.createSession({ appName: 'app', userId: 'u1' });
    for (const timestamp of [10, 30, 5, 20, 40]) {
      await service.appendEvent({ session, event: createEvent({ author: 'user', timestamp }) });
    }
    const found = await service.getSession({
      appName: 'app',
      userId: 'u1',
      sessionId: session.id,
      config: { afterTimestamp: 15 },
    });
    expect(found?.events.map((event) => event.timestamp)).toEqual([20, 40]);
  });

  it('adk-python in_memory_session_service: a negative numRecentEvents slices like Python (drops the first N)', async () => {
    const service = new InMemorySessionService();
    const session = await service.createSession({ appName: 'app', userId: 'u1' });
    for (const timestamp of [1, 2, 3, 4]) {
      await service.appendEvent({ session, event: createEvent({ author: 'user', timestamp }) });
    }
    const found = await service.getSession({
      appName: 'app',
      userId: 'u1',
      sessionId: session.id,
      config: { numRecentEvents: -1 },
    });
    expect(found?.events.map((event) => event.timestamp)).toEqual([2, 3, 4]);
  });
});
