import { describe, expect, it } from 'vitest';
import { createEvent, type Event } from './event.js';
import { hasScopedEvents } from './has-scoped-events.js';

describe('hasScopedEvents (004 §10 isolation scopes)', () => {
  it('notices a scoped event appended after an earlier answer', () => {
    const events: Event[] = [createEvent({ author: 'user' })];
    expect(hasScopedEvents(events)).toBe(false);
    events.push(createEvent({ author: 'agent' }));
    expect(hasScopedEvents(events)).toBe(false);
    events.push(createEvent({ author: 'task', isolationScope: 'call-1' }));
    expect(hasScopedEvents(events)).toBe(true);
  });

  it('scans an array that shrank again', () => {
    const events: Event[] = [createEvent({ author: 'a' }), createEvent({ author: 'b' })];
    expect(hasScopedEvents(events)).toBe(false);
    events.length = 0;
    events.push(createEvent({ author: 'task', isolationScope: 'call-2' }));
    expect(hasScopedEvents(events)).toBe(true);
  });
});
