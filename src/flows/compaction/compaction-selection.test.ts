import { describe, expect, it } from 'vitest';
import { createEvent, type Event } from '../../events/event.js';
import type { Content } from '../../types/index.js';
import {
  eventsToCompactForSlidingWindow,
  eventsToCompactForTokenThreshold,
  latestCompactionEvent,
  pendingFunctionCallIds,
} from './compaction-selection.js';

// Ports the selection cases of adk-python tests/unittests/apps/test_compaction.py
// (apps/compaction.py: sliding window with overlap, token threshold with
// retention, the rolling-summary seed, pending calls and split safety).

function textEvent(timestamp: number, invocationId: string, text: string): Event {
  return createEvent({
    timestamp,
    invocationId,
    author: 'user',
    content: { role: 'user', parts: [{ text }] },
  });
}

function compactionEvent(start: number, end: number, summary: string, at = end): Event {
  const compactedContent: Content = { role: 'model', parts: [{ text: summary }] };
  return createEvent({
    timestamp: at,
    author: 'compactor',
    invocationId: `c-${start}-${end}`,
    content: compactedContent,
    actions: { compaction: { startTimestamp: start, endTimestamp: end, compactedContent } },
  });
}

function callEvent(timestamp: number, id: string): Event {
  return createEvent({
    timestamp,
    invocationId: `inv${timestamp}`,
    author: 'agent',
    content: { role: 'model', parts: [{ functionCall: { id, name: 'tool', args: {} } }] },
  });
}

function responseEvent(timestamp: number, id: string): Event {
  return createEvent({
    timestamp,
    invocationId: `inv${timestamp}`,
    author: 'agent',
    content: {
      role: 'user',
      parts: [{ functionResponse: { id, name: 'tool', response: { ok: true } } }],
    },
  });
}

const texts = (events: Event[]) => events.map((event) => event.content?.parts?.[0]?.text);

describe('sliding window (test_run_compaction_for_sliding_window_*)', () => {
  it('does nothing with fewer new invocations than the interval', () => {
    const events = [textEvent(1, 'inv1', 'e1'), textEvent(2, 'inv2', 'e2')];
    expect(eventsToCompactForSlidingWindow(events, 3, 1)).toEqual([]);
  });

  it('compacts from the start the first time', () => {
    const events = [
      textEvent(1, 'inv1', 'e1'),
      textEvent(2, 'inv2', 'e2'),
      textEvent(3, 'inv3', 'e3'),
    ];
    expect(texts(eventsToCompactForSlidingWindow(events, 3, 1))).toEqual(['e1', 'e2', 'e3']);
  });

  it('re-includes overlapSize invocations before the new ones (with_overlap)', () => {
    const events = [
      textEvent(1, 'inv1', 'e1'),
      textEvent(2, 'inv2', 'e2'),
      compactionEvent(1, 2, 'sum 1-2'),
      textEvent(3, 'inv3', 'e3'),
      textEvent(4, 'inv4', 'e4'),
      textEvent(5, 'inv5', 'e5'),
    ];
    expect(texts(eventsToCompactForSlidingWindow(events, 2, 1))).toEqual(['e2', 'e3', 'e4', 'e5']);
  });

  it('stops before a call still waiting for its response', () => {
    const events = [
      textEvent(1, 'inv1', 'e1'),
      textEvent(2, 'inv2', 'e2'),
      callEvent(3, 'pending'),
    ];
    expect(texts(eventsToCompactForSlidingWindow(events, 2, 0))).toEqual(['e1', 'e2']);
  });
});

describe('token threshold (_events_to_compact_for_token_threshold)', () => {
  it('keeps the newest eventRetentionSize events raw', () => {
    const events = [1, 2, 3, 4, 5].map((n) => textEvent(n, `inv${n}`, `e${n}`));
    expect(texts(eventsToCompactForTokenThreshold(events, 2))).toEqual(['e1', 'e2', 'e3']);
    expect(eventsToCompactForTokenThreshold(events, 5)).toEqual([]);
    expect(texts(eventsToCompactForTokenThreshold(events, 0))).toHaveLength(5);
  });

  it('seeds the next summary with the latest one, at its start (rolling summary)', () => {
    const events = [
      textEvent(1, 'inv1', 'e1'),
      textEvent(2, 'inv2', 'e2'),
      compactionEvent(1, 2, 'sum 1-2'),
      textEvent(3, 'inv3', 'e3'),
      textEvent(4, 'inv4', 'e4'),
      textEvent(5, 'inv5', 'e5'),
    ];
    const selected = eventsToCompactForTokenThreshold(events, 1);
    expect(texts(selected)).toEqual(['sum 1-2', 'e3', 'e4']);
    expect(selected[0]).toMatchObject({ author: 'model', timestamp: 1 });
  });

  it('moves the split earlier so a kept response keeps its call', () => {
    const events = [
      textEvent(1, 'inv1', 'e1'),
      callEvent(2, 'c1'),
      responseEvent(3, 'c1'),
      textEvent(4, 'inv4', 'e4'),
    ];
    // Retaining 2 would split between the call (2) and its response (3).
    expect(eventsToCompactForTokenThreshold(events, 2).map((e) => e.timestamp)).toEqual([1]);
  });

  it('never compacts a pending call or what follows it', () => {
    const events = [
      textEvent(1, 'inv1', 'e1'),
      callEvent(2, 'waiting'),
      textEvent(3, 'inv3', 'e3'),
      textEvent(4, 'inv4', 'e4'),
    ];
    expect(pendingFunctionCallIds(events)).toEqual(new Set(['waiting']));
    expect(eventsToCompactForTokenThreshold(events, 1).map((e) => e.timestamp)).toEqual([1]);
  });
});

describe('latestCompactionEvent (_latest_compaction_event)', () => {
  it('skips a later summary whose range another contains', () => {
    const wide = compactionEvent(1, 4, 'wide', 5);
    const events = [wide, compactionEvent(2, 3, 'narrow', 6)];
    expect(latestCompactionEvent(events)).toBe(wide);
  });
});
