import { describe, expect, it } from 'vitest';
import { createEvent, type Event } from '../events/event.js';
import type { Session } from '../sessions/session.js';
import type { Content } from '../types/index.js';
import { formatMemoryTimestamp } from './format-memory-timestamp.js';
import { InMemoryMemoryService } from './in-memory-memory-service.js';

const TIME = 1_700_000_000.25;

function event(textOrContent: string | Content | undefined, init: Partial<Event> = {}): Event {
  const content =
    typeof textOrContent === 'string'
      ? { role: 'user', parts: [{ text: textOrContent }] }
      : textOrContent;
  return createEvent({ author: 'user', timestamp: TIME, ...init, ...(content ? { content } : {}) });
}

function session(events: Event[], overrides: Partial<Session> = {}): Session {
  return {
    id: 's1',
    appName: 'app',
    userId: 'u1',
    state: {},
    events,
    lastUpdateTime: 0,
    ...overrides,
  };
}

async function texts(
  service: InMemoryMemoryService,
  query: string,
  appName = 'app',
  userId = 'u1',
): Promise<string[]> {
  const { memories } = await service.searchMemory({ appName, userId, query });
  return memories.map((memory) =>
    (memory.content.parts ?? []).map((part) => part.text ?? '').join('|'),
  );
}

describe('InMemoryMemoryService (Python in_memory_memory_service.py)', () => {
  describe('matching', () => {
    it('spec 002 §9: a query word found in an event returns that event as a MemoryEntry (content, author, timestamp)', async () => {
      const service = new InMemoryMemoryService();
      const remembered = event('The capital of France is Paris.', { author: 'model' });
      await service.addSessionToMemory(session([event('Hello there'), remembered]));
      const { memories } = await service.searchMemory({
        appName: 'app',
        userId: 'u1',
        query: 'paris',
      });
      expect(memories).toEqual([
        { content: remembered.content, author: 'model', timestamp: formatMemoryTimestamp(TIME) },
      ]);
    });

    it('in_memory_memory_service: matching ignores case in both the query and the event', async () => {
      const service = new InMemoryMemoryService();
      await service.addSessionToMemory(session([event('I like PYTHON')]));
      expect(await texts(service, 'Python')).toEqual(['I like PYTHON']);
      expect(await texts(service, 'pYtHoN')).toEqual(['I like PYTHON']);
    });

    it('in_memory_memory_service: an event matches when any one query word appears in it', async () => {
      const service = new InMemoryMemoryService();
      await service.addSessionToMemory(
        session([event('apples are red'), event('bananas are yellow'), event('grapes')]),
      );
      expect(await texts(service, 'bananas cherries apples')).toEqual([
        'apples are red',
        'bananas are yellow',
      ]);
    });

    it('in_memory_memory_service: query words are extracted like event words, so punctuation does not stop a match', async () => {
      const service = new InMemoryMemoryService();
      await service.addSessionToMemory(session([event('the weather today: sunny')]));
      expect(await texts(service, "What's the WEATHER?")).toEqual(['the weather today: sunny']);
    });

    it('in_memory_memory_service: words match whole, so a part of a word does not match', async () => {
      const service = new InMemoryMemoryService();
      await service.addSessionToMemory(session([event('Python is great')]));
      expect(await texts(service, 'thon')).toEqual([]);
      expect(await texts(service, 'Pythonic')).toEqual([]);
    });

    it('in_memory_memory_service: no match gives an empty list of memories', async () => {
      const service = new InMemoryMemoryService();
      await service.addSessionToMemory(session([event('nothing relevant')]));
      expect(await service.searchMemory({ appName: 'app', userId: 'u1', query: 'zebra' })).toEqual({
        memories: [],
      });
      expect(await service.searchMemory({ appName: 'app', userId: 'u1', query: '' })).toEqual({
        memories: [],
      });
      expect(await service.searchMemory({ appName: 'app', userId: 'u1', query: '?! ...' })).toEqual(
        { memories: [] },
      );
    });

    it('in_memory_memory_service: an unknown app or user has no memories', async () => {
      const service = new InMemoryMemoryService();
      expect(
        await service.searchMemory({ appName: 'app', userId: 'nobody', query: 'anything' }),
      ).toEqual({
        memories: [],
      });
    });

    it("in_memory_memory_service: an event's text parts are joined by spaces; other parts are ignored", async () => {
      const service = new InMemoryMemoryService();
      await service.addSessionToMemory(
        session([
          event({
            role: 'model',
            parts: [
              { text: 'Pyt' },
              { functionCall: { name: 'lookup', args: { q: 'zebra' } } },
              { text: 'hon' },
            ],
          }),
        ]),
      );
      expect(await texts(service, 'pyt')).toEqual(['Pyt||hon']);
      expect(await texts(service, 'python')).toEqual([]);
      expect(await texts(service, 'zebra lookup')).toEqual([]);
    });

    it('in_memory_memory_service: an event with parts but no text (e.g. only a function call) never matches', async () => {
      const service = new InMemoryMemoryService();
      await service.addSessionToMemory(
        session([
          event({ role: 'model', parts: [{ functionCall: { name: 'weather', args: {} } }] }),
        ]),
      );
      expect(await texts(service, 'weather')).toEqual([]);
    });

    it('in_memory_memory_service (Python \\w+): digits, underscores and letters of any script are word characters', async () => {
      const service = new InMemoryMemoryService();
      await service.addSessionToMemory(
        session([
          event('order_42 shipped'),
          event('Меня зовут Алексей'),
          event('Zürich café 2024'),
        ]),
      );
      expect(await texts(service, 'ORDER_42')).toEqual(['order_42 shipped']);
      expect(await texts(service, 'алексей')).toEqual(['Меня зовут Алексей']);
      expect(await texts(service, 'ZÜRICH')).toEqual(['Zürich café 2024']);
      expect(await texts(service, '2024')).toEqual(['Zürich café 2024']);
      expect(await texts(service, 'order')).toEqual([]);
    });

    it('in_memory_memory_service: a non-ASCII query word also matches inside unspaced text (Japanese, Chinese)', async () => {
      const service = new InMemoryMemoryService();
      await service.addSessionToMemory(
        session([event('私の名前は太郎です'), event('你好，我是 Foy')]),
      );
      expect(await texts(service, '太郎')).toEqual(['私の名前は太郎です']);
      expect(await texts(service, '你好')).toEqual(['你好，我是 Foy']);
      // An ASCII word stays a whole-word match, even next to unspaced script.
      await service.addSessionToMemory(session([event('私はPythonを使う')], { id: 's2' }));
      expect(await texts(service, 'python')).toEqual([]);
    });

    it('in_memory_memory_service: matches come in the order sessions and their events were added', async () => {
      const service = new InMemoryMemoryService();
      await service.addSessionToMemory(
        session([event('tea one'), event('coffee'), event('tea two')], { id: 'a' }),
      );
      await service.addSessionToMemory(session([event('tea three')], { id: 'b' }));
      expect(await texts(service, 'tea')).toEqual(['tea one', 'tea two', 'tea three']);
    });
  });

  describe('scoping', () => {
    it('in_memory_memory_service: memories are kept per user', async () => {
      const service = new InMemoryMemoryService();
      await service.addSessionToMemory(session([event('alice likes jazz')], { userId: 'alice' }));
      await service.addSessionToMemory(session([event('bob likes jazz')], { userId: 'bob' }));
      expect(await texts(service, 'jazz', 'app', 'alice')).toEqual(['alice likes jazz']);
      expect(await texts(service, 'jazz', 'app', 'bob')).toEqual(['bob likes jazz']);
    });

    it('in_memory_memory_service: memories are kept per app', async () => {
      const service = new InMemoryMemoryService();
      await service.addSessionToMemory(session([event('app one secret')], { appName: 'one' }));
      expect(await texts(service, 'secret', 'one')).toEqual(['app one secret']);
      expect(await texts(service, 'secret', 'two')).toEqual([]);
    });

    it('in_memory_memory_service: app and user ids containing a separator do not collide', async () => {
      const service = new InMemoryMemoryService();
      await service.addSessionToMemory(session([event('hidden')], { appName: 'a/b', userId: 'c' }));
      expect(await texts(service, 'hidden', 'a', 'b/c')).toEqual([]);
    });

    it("in_memory_memory_service: a user's memories span all of their sessions", async () => {
      const service = new InMemoryMemoryService();
      await service.addSessionToMemory(session([event('first trip to Rome')], { id: 's1' }));
      await service.addSessionToMemory(session([event('second trip to Oslo')], { id: 's2' }));
      expect(await texts(service, 'trip')).toEqual(['first trip to Rome', 'second trip to Oslo']);
    });
  });

  describe('adding', () => {
    it('in_memory_memory_service: events without content, or with no parts, are not remembered', async () => {
      const service = new InMemoryMemoryService();
      await service.addSessionToMemory(
        session([
          event(undefined),
          event({ role: 'model', parts: [] }),
          event({ role: 'model' }),
          event('kept word'),
        ]),
      );
      expect(await texts(service, 'kept')).toEqual(['kept word']);
    });

    it('in_memory_memory_service: adding a session again replaces what was remembered of it', async () => {
      const service = new InMemoryMemoryService();
      await service.addSessionToMemory(session([event('old fact')]));
      await service.addSessionToMemory(session([event('new fact')]));
      expect(await texts(service, 'fact')).toEqual(['new fact']);
    });

    it('in_memory_memory_service: addEventsToMemory appends to the session and skips event ids already there', async () => {
      const service = new InMemoryMemoryService();
      const first = event('note alpha', { id: 'e1' });
      await service.addEventsToMemory({
        appName: 'app',
        userId: 'u1',
        sessionId: 's1',
        events: [first],
      });
      await service.addEventsToMemory({
        appName: 'app',
        userId: 'u1',
        sessionId: 's1',
        events: [
          event('note alpha again', { id: 'e1' }),
          event('note beta', { id: 'e2' }),
          event('note beta dup', { id: 'e2' }),
        ],
      });
      expect(await texts(service, 'note')).toEqual(['note alpha', 'note beta']);
    });

    it('in_memory_memory_service: addEventsToMemory skips events without content parts', async () => {
      const service = new InMemoryMemoryService();
      await service.addEventsToMemory({
        appName: 'app',
        userId: 'u1',
        sessionId: 's1',
        events: [event(undefined, { id: 'x' }), event('word', { id: 'x' })],
      });
      // The content-less event with the same id was never added, so it did not block the second.
      expect(await texts(service, 'word')).toEqual(['word']);
    });

    it('in_memory_memory_service: addEventsToMemory without a session id files events under __unknown_session_id__', async () => {
      const service = new InMemoryMemoryService();
      await service.addEventsToMemory({
        appName: 'app',
        userId: 'u1',
        events: [event('loose memo', { id: 'e1' })],
      });
      await service.addEventsToMemory({
        appName: 'app',
        userId: 'u1',
        events: [event('loose memo dup', { id: 'e1' })],
      });
      await service.addEventsToMemory({
        appName: 'app',
        userId: 'u1',
        sessionId: '',
        events: [event('memo two', { id: 'e2' })],
      });
      expect(await texts(service, 'memo')).toEqual(['loose memo', 'memo two']);
      // Only the session named __unknown_session_id__ is replaced by this.
      await service.addSessionToMemory(session([], { id: '__unknown_session_id__' }));
      expect(await texts(service, 'memo')).toEqual([]);
    });

    it('in_memory_memory_service: the same event id in different sessions is remembered in each', async () => {
      const service = new InMemoryMemoryService();
      await service.addEventsToMemory({
        appName: 'app',
        userId: 'u1',
        sessionId: 's1',
        events: [event('shared one', { id: 'e' })],
      });
      await service.addEventsToMemory({
        appName: 'app',
        userId: 'u1',
        sessionId: 's2',
        events: [event('shared two', { id: 'e' })],
      });
      expect(await texts(service, 'shared')).toEqual(['shared one', 'shared two']);
    });

    it('in_memory_memory_service: addEventsToMemory adds to a session stored by addSessionToMemory', async () => {
      const service = new InMemoryMemoryService();
      await service.addSessionToMemory(session([event('base item', { id: 'e1' })]));
      await service.addEventsToMemory({
        appName: 'app',
        userId: 'u1',
        sessionId: 's1',
        events: [event('base item again', { id: 'e1' }), event('extra item', { id: 'e2' })],
      });
      expect(await texts(service, 'item')).toEqual(['base item', 'extra item']);
    });
  });

  describe('copies', () => {
    it('utils/deep-clone (services copy at their boundary): changing an added event afterwards changes no memory', async () => {
      const service = new InMemoryMemoryService();
      const added = event('original words');
      await service.addSessionToMemory(session([added]));
      const part = added.content?.parts?.[0];
      if (part) part.text = 'mutated';
      expect(await texts(service, 'original')).toEqual(['original words']);
    });

    it('utils/deep-clone (services copy at their boundary): changing a returned memory changes nothing stored', async () => {
      const service = new InMemoryMemoryService();
      await service.addSessionToMemory(session([event('stable words')]));
      const { memories } = await service.searchMemory({
        appName: 'app',
        userId: 'u1',
        query: 'stable',
      });
      const part = memories[0]?.content.parts?.[0];
      if (part) part.text = 'mutated';
      expect(await texts(service, 'stable')).toEqual(['stable words']);
    });
  });
});

describe('formatMemoryTimestamp (Python memory/_utils.format_timestamp)', () => {
  /** Reads a formatted time back as local time, which is what Python's naive fromtimestamp gives. */
  function localSeconds(formatted: string): number {
    const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{6}))?$/.exec(formatted);
    if (!match) return Number.NaN;
    const [, year, month, day, hour, minute, second] = match.map(Number);
    return (
      new Date(
        year ?? 0,
        (month ?? 1) - 1,
        day ?? 1,
        hour ?? 0,
        minute ?? 0,
        second ?? 0,
      ).getTime() / 1000
    );
  }

  it.each([
    // [timestamp, whole second Python shows, fraction Python shows] — from
    // `datetime.fromtimestamp(t).isoformat()` under CPython 3.
    [1700000000.0, 1700000000, ''],
    [1700000000.5, 1700000000, '.500000'],
    [1700000000.123456, 1700000000, '.123456'],
    [1700000000.9999995, 1700000001, ''],
    [1700000000.0000005, 1700000000, ''],
    [1700000000.0000014, 1700000000, '.000001'],
    [1700000000.1234565, 1700000000, '.123456'],
    [0.0000005, 0, ''],
    [0.0000015, 0, '.000002'],
    [0.0000025, 0, '.000002'],
    [1.0000005, 1, '.000001'],
    [-1.5, -2, '.500000'],
  ])(
    'datetime.fromtimestamp(%d).isoformat(): local time, microseconds rounded half-even, fraction only when non-zero',
    (timestamp, wholeSecond, fraction) => {
      const formatted = formatMemoryTimestamp(timestamp);
      expect(formatted).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?$/);
      expect(formatted.slice(19)).toBe(fraction);
      expect(localSeconds(formatted)).toBe(wholeSecond);
    },
  );
});
