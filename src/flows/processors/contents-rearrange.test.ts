import { describe, expect, it } from 'vitest';
import type { Part } from '../../types/index.js';
import type { HistoryEvent } from './contents-history-event.js';
import { rearrangeEventsForAsyncFunctionResponsesInHistory } from './contents-rearrange.js';

// The rearrangement (spec 000 §4.1 step 6, §4.4) answers short, already
// arranged histories without building its maps. These tests hold that shortcut
// to the full algorithm: a history longer than the shortcut's limit (padded
// with plain text events, which the rearrangement only passes through) always
// takes the full path, so both answers can be compared.

const textEvent = (index: number): HistoryEvent => ({
  author: 'user',
  timestamp: index,
  content: { role: 'user', parts: [{ text: `padding ${index}` }] },
});
const PADDING = Array.from({ length: 20 }, (_, index) => textEvent(index));

const call = (id: string | undefined): Part => ({ functionCall: { id, name: 'tool', args: {} } });
const answer = (id: string | undefined): Part => ({
  functionResponse: { id, name: 'tool', response: { result: id ?? null } },
});
const event = (timestamp: number, ...parts: Part[]): HistoryEvent => ({
  author: 'agent',
  timestamp,
  content: { role: parts.some((part) => part.functionResponse) ? 'user' : 'model', parts },
});

/** The full algorithm's answer for `events`, through the padded history. */
function fullPath(events: HistoryEvent[]): HistoryEvent[] {
  return rearrangeEventsForAsyncFunctionResponsesInHistory([...PADDING, ...events]).slice(
    PADDING.length,
  );
}

/** A small deterministic generator (mulberry32), so a failure can be replayed by its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

describe('rearrangeEventsForAsyncFunctionResponsesInHistory: arranged histories (spec 000 §4.4)', () => {
  it('returns an arranged history unchanged, as a new array of the same events', () => {
    const events = [
      textEvent(0),
      event(1, call('a'), call('b')),
      event(2, answer('a'), answer('b')),
      event(3, call('c')),
      event(4, answer('c')),
      event(5, { text: 'done' }),
    ];
    const arranged = rearrangeEventsForAsyncFunctionResponsesInHistory(events);
    expect(arranged).not.toBe(events);
    expect(arranged).toEqual(events);
    arranged.forEach((item, index) => expect(item).toBe(events[index]));
  });

  it('moves a late answer next to its call, as the full algorithm does', () => {
    const events = [event(1, call('a')), event(2, { text: 'meanwhile' }), event(3, answer('a'))];
    const arranged = rearrangeEventsForAsyncFunctionResponsesInHistory(events);
    expect(arranged.map((item) => item.timestamp)).toEqual([1, 3, 2]);
    expect(arranged).toEqual(fullPath(events));
  });

  it('keeps only the latest answer to an id answered twice', () => {
    const events = [event(1, call('a')), event(2, answer('a')), event(3, answer('a'))];
    expect(
      rearrangeEventsForAsyncFunctionResponsesInHistory(events).map((item) => item.timestamp),
    ).toEqual([1, 3]);
  });

  it('pairs a call id used twice with its latest answer, as the full algorithm does', () => {
    const events = [
      event(1, call('a')),
      event(2, answer('a')),
      event(3, call('a')),
      event(4, answer('a')),
    ];
    const arranged = rearrangeEventsForAsyncFunctionResponsesInHistory(events);
    expect(arranged.map((item) => item.timestamp)).toEqual([1, 4, 3, 4]);
    expect(arranged).toEqual(fullPath(events));
  });

  it('drops an answer no call asked for', () => {
    const events = [event(1, call('a')), event(2, answer('b'))];
    expect(
      rearrangeEventsForAsyncFunctionResponsesInHistory(events).map((item) => item.timestamp),
    ).toEqual([1]);
  });

  it('gives the same answer as the full algorithm on 3,000 random short histories', () => {
    // Mostly arranged histories (calls, then their answers), with the
    // irregularities the rearrangement exists for mixed in: late or missing
    // answers, reused ids, answers that also call, events out of order.
    let arrangedSeen = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const next = random(seed);
      const chance = (probability: number) => next() < probability;
      const ids = ['a', 'b', 'c', 'd', 'e', undefined];
      const freshId = () => ids[Math.floor(next() * ids.length)];
      const events: HistoryEvent[] = [];
      const turns = 1 + Math.floor(next() * 4);
      for (let turn = 0; turn < turns; turn++) {
        if (chance(0.3)) events.push(event(events.length, { text: 'x' }));
        const called = [freshId(), ...(chance(0.4) ? [freshId()] : [])];
        events.push(event(events.length, ...called.map(call)));
        if (chance(0.15)) continue;
        const answered = chance(0.2) ? called.slice(0, 1) : called;
        const answerParts = answered.map(answer);
        const alsoCalls = chance(0.1) ? freshId() : null;
        if (alsoCalls !== null) answerParts.push(call(alsoCalls));
        if (chance(0.1)) answerParts.push(answer(freshId()));
        events.push(event(events.length, ...answerParts));
        if (alsoCalls !== null && chance(0.7)) events.push(event(events.length, answer(alsoCalls)));
      }
      if (chance(0.15) && events.length > 1) {
        const at = Math.floor(next() * (events.length - 1));
        [events[at], events[at + 1]] = [events[at + 1]!, events[at]!];
      }
      const expected = fullPath(events);
      if (expected.length === events.length && expected.every((item, i) => item === events[i])) {
        arrangedSeen++;
      }
      expect(rearrangeEventsForAsyncFunctionResponsesInHistory(events), `seed ${seed}`).toEqual(
        expected,
      );
    }
    // Both kinds occur often enough for the comparison to mean something.
    expect(arrangedSeen).toBeGreaterThan(500);
    expect(arrangedSeen).toBeLessThan(2500);
  });
});
