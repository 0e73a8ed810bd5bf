import { describe, expect, it } from 'vitest';
import { createEvent } from '../events/event.js';
import { runSessionServiceSuite } from '../testing/session-service-suite.js';
import { InMemorySessionService } from './in-memory-session-service.js';

runSessionServiceSuite('InMemorySessionService', async () => ({
  service: new InMemorySessionService(),
}));

describe('InMemorySessionService', () => {
  it('stores frozen copies of the events and shares them with every read (decision 0011)', async () => {
    const service = new InMemorySessionService();
    const session = await service.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const weird = JSON.parse('{"__proto__": {"x": 1}, "list": [1, {"deep": [null]}]}') as unknown;
    const events = [
      createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'hi' }] } }),
      createEvent({
        author: 'agent',
        content: {
          role: 'model',
          parts: [{ functionCall: { name: 'f', args: { weird }, id: 'adk-1' } }],
        },
        actions: { stateDelta: { k: { nested: [1, 2] } } },
      }),
    ];
    for (const event of events) await service.appendEvent({ session, event });
    const expected = JSON.stringify(events);
    const first = (await service.getSession({ appName: 'app', userId: 'u', sessionId: 's' }))!;
    const second = (await service.getSession({ appName: 'app', userId: 'u', sessionId: 's' }))!;
    expect(JSON.stringify(first.events)).toBe(expected);
    const call = first.events[1]!.content!.parts![0]!.functionCall!;
    expect(Object.hasOwn(call.args!['weird'] as object, '__proto__')).toBe(true);
    // The caller's own events are not the stored ones, and stay writable.
    expect(first.events[0]).not.toBe(events[0]);
    events[0]!.content!.parts!.push({ text: 'caller edit' });
    // Reads share the stored events; nobody can change them.
    expect(second.events[1]).toBe(first.events[1]);
    expect(Object.isFrozen(first.events[1]!.content!.parts![0]!.functionCall!.args)).toBe(true);
    expect(() => {
      call.args!['extra'] = 1;
    }).toThrow(TypeError);
    expect(() =>
      (first.events[1]!.actions.stateDelta['k'] as { nested: number[] }).nested.push(3),
    ).toThrow(TypeError);
    // The events list itself is the caller's.
    first.events.pop();
    const third = (await service.getSession({ appName: 'app', userId: 'u', sessionId: 's' }))!;
    expect(JSON.stringify(third.events)).toBe(JSON.stringify(second.events));
    expect(third.events).toHaveLength(2);
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
