import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { SessionNotFoundError } from '../errors/session-not-found-error.js';
import { createEvent } from '../events/event.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import type { Session } from '../sessions/session.js';
import { T0, sessionSuiteHelpers, type SessionSuiteContext } from './session-suite-helpers.js';

/**
 * The session suite's `appendEvent`: missing sessions, `app:` / `user:` / session / `temp:`
 * state scopes, null removing a key, partial events, `lastUpdateTime`,
 * copies that do not alias the store, field-exact round trips and
 * concurrent appends.
 */
export function describeAppendEvent(context: () => SessionSuiteContext): void {
  const { create, get, mustGet, append, appendState } = sessionSuiteHelpers(context);

  describe('appendEvent', () => {
    let service: BaseSessionService;
    let app: string;
    beforeEach(() => {
      ({ service, app } = context());
    });

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
          parts: [{ functionResponse: { id: 'adk-1', name: 'lookup', response: { result: 'y' } } }],
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
}
