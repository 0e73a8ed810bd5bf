import { describe, expect, it } from 'vitest';
import { createEvent, type Event } from './event.js';
import { ScopedEventScan } from './scoped-event-scan.js';

/** `events` behind a proxy that counts the elements read by index. */
function counted(events: Event[]): { events: Event[]; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(events, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { events: proxy, reads: () => reads };
}

describe('ScopedEventScan (004 §10 isolation scopes)', () => {
  it('notices a scoped event appended after an earlier answer', () => {
    const scan = new ScopedEventScan();
    const events: Event[] = [createEvent({ author: 'user' })];
    expect(scan.hasScopedEvents(events)).toBe(false);
    events.push(createEvent({ author: 'agent' }));
    expect(scan.hasScopedEvents(events)).toBe(false);
    events.push(createEvent({ author: 'task', isolationScope: 'call-1' }));
    expect(scan.hasScopedEvents(events)).toBe(true);
  });

  it('reads, for a session without tasks, only the events appended since it was last asked', () => {
    const history: Event[] = [];
    for (let index = 0; index < 1000; index++) history.push(createEvent({ author: 'user' }));
    const { events, reads } = counted(history);
    const scan = new ScopedEventScan();
    expect(scan.hasScopedEvents(events)).toBe(false);
    expect(reads()).toBe(1000);
    events.push(createEvent({ author: 'agent' }), createEvent({ author: 'user' }));
    expect(scan.hasScopedEvents(events)).toBe(false);
    expect(reads()).toBe(1002);
    expect(scan.hasScopedEvents(events)).toBe(false);
    expect(reads()).toBe(1002);
  });

  it('starts over for another array, or for one that shrank', () => {
    const scan = new ScopedEventScan();
    const events: Event[] = [createEvent({ author: 'a' }), createEvent({ author: 'b' })];
    expect(scan.hasScopedEvents(events)).toBe(false);
    events.length = 0;
    events.push(createEvent({ author: 'task', isolationScope: 'call-2' }));
    expect(scan.hasScopedEvents(events)).toBe(true);
    expect(scan.hasScopedEvents([createEvent({ author: 'c' })])).toBe(false);
  });
});
