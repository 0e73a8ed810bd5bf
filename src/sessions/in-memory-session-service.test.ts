import { describe, expect, it } from 'vitest';
import { createEvent } from '../events/event.js';
import { createEventActions } from '../events/event-actions.js';
import { runSessionServiceSuite } from '../testing/session-service-suite.js';
import { InMemorySessionService } from './in-memory-session-service.js';

runSessionServiceSuite('InMemorySessionService', async () => ({
  service: new InMemorySessionService(),
}));

describe('InMemorySessionService', () => {
  it('stores the events that ask for nothing with one shared frozen set of default actions', async () => {
    const service = new InMemorySessionService();
    const session = await service.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const plain = () => createEvent({ author: 'user', content: { role: 'user', parts: [] } });
    await service.appendEvent({ session, event: plain() });
    await service.appendEvent({ session, event: plain() });
    const [first, second] = (await service.getSession({
      appName: 'app',
      userId: 'u',
      sessionId: 's',
    }))!.events;
    expect(first!.actions).toBe(second!.actions);
    expect(first!.actions).toEqual(createEventActions());
    expect(Object.isFrozen(first!.actions.stateDelta)).toBe(true);
    await service.appendEvent({
      session,
      event: createEvent({ author: 'user', actions: { stateDelta: { k: 1 } } }),
    });
    const withDelta = session.events[2]!;
    expect(withDelta.actions).not.toBe(first!.actions);
    expect(withDelta.actions.stateDelta).toEqual({ k: 1 });
  });

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

  it('sessions without state of their own each get one at their first session-scoped delta', async () => {
    const service = new InMemorySessionService();
    const ids = ['a', 'b', 'c'];
    for (const sessionId of ids)
      await service.createSession({ appName: 'app', userId: 'u', sessionId });
    const read = async (sessionId: string) =>
      (await service.getSession({ appName: 'app', userId: 'u', sessionId }))!.state;
    const session = (await service.getSession({ appName: 'app', userId: 'u', sessionId: 'a' }))!;
    // App and user keys leave the session's own state empty.
    await service.appendEvent({
      session,
      event: createEvent({ author: 'agent', actions: { stateDelta: { 'app:x': 1, 'user:y': 2 } } }),
    });
    expect(await read('b')).toEqual({ 'app:x': 1, 'user:y': 2 });
    await service.appendEvent({
      session,
      event: createEvent({ author: 'agent', actions: { stateDelta: { own: 'a' } } }),
    });
    const withProto = JSON.parse('{"__proto__": "c"}') as Record<string, unknown>;
    const other = (await service.getSession({ appName: 'app', userId: 'u', sessionId: 'c' }))!;
    await service.appendEvent({
      session: other,
      event: createEvent({ author: 'agent', actions: { stateDelta: withProto } }),
    });
    expect(await read('a')).toEqual({ 'app:x': 1, 'user:y': 2, own: 'a' });
    expect(await read('b')).toEqual({ 'app:x': 1, 'user:y': 2 });
    const third = await read('c');
    expect(Object.hasOwn(third, '__proto__')).toBe(true);
    expect(third['__proto__']).toBe('c');
    // A session created with state of its own keeps it as before.
    await service.createSession({ appName: 'app', userId: 'u', sessionId: 'd', state: { k: 1 } });
    expect(await read('d')).toEqual({ 'app:x': 1, 'user:y': 2, k: 1 });
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
