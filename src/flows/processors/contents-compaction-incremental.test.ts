import { describe, expect, it } from 'vitest';
import { createEvent, type Event } from '../../events/event.js';
import type { Content } from '../../types/index.js';
import { deepFreeze } from '../../utils/deep-freeze.js';
import { buildContents } from './contents-build.js';
import { getContents } from './contents.js';

// Issue 19 §5 with issue 3's rule: a compacted history is extended by the
// events appended after it instead of rebuilt, and every build equals the
// build from scratch (the reference result).

function text(timestamp: number, author: string, value: string): Event {
  const role = author === 'user' ? 'user' : 'model';
  return deepFreeze(
    createEvent({
      timestamp,
      author,
      invocationId: `inv${Math.floor(timestamp)}`,
      content: { role, parts: [{ text: value }] },
    }),
  );
}

function summary(start: number, end: number, at: number, value: string): Event {
  const compactedContent: Content = { role: 'model', parts: [{ text: value }] };
  return deepFreeze(
    createEvent({
      timestamp: at,
      author: 'user',
      invocationId: `c${at}`,
      actions: { compaction: { startTimestamp: start, endTimestamp: end, compactedContent } },
    }),
  );
}

const scratch = (events: Event[]) => buildContents(undefined, events, 'agent', false, false);

describe('getContents on a compacted history, built incrementally', () => {
  it('equals the build from scratch at every step', () => {
    const history: Event[] = [];
    let ts = 0;
    for (let turn = 1; turn <= 12; turn++) {
      history.push(text(++ts, 'user', `q${turn}`), text(++ts, 'agent', `a${turn}`));
      if (turn % 4 === 0) history.push(summary(1, ts, ts + 0.5, `S${turn}`));
      expect(getContents(undefined, history, 'agent')).toEqual(scratch(history));
    }
    expect(getContents(undefined, history, 'agent').map((c) => c.parts![0]!.text)).toEqual(['S12']);
    history.push(text(++ts, 'user', 'q13'));
    expect(getContents(undefined, history, 'agent').map((c) => c.parts![0]!.text)).toEqual([
      'S12',
      'q13',
    ]);
  });

  it('drops a new event whose timestamp falls in a compacted range, as the full build does', () => {
    const history = [text(1, 'user', 'q1'), text(2, 'agent', 'a1'), summary(1, 10, 11, 'S')];
    expect(getContents(undefined, history, 'agent')).toEqual(scratch(history));
    // Appended later but stamped inside the range (another writer's clock).
    history.push(text(5, 'user', 'late'));
    expect(getContents(undefined, history, 'agent')).toEqual(scratch(history));
    expect(getContents(undefined, history, 'agent').map((c) => c.parts![0]!.text)).toEqual(['S']);
    // Stamped before the summary's end but after its start: also dropped.
    history.push(text(12, 'user', 'q2'), text(11.5, 'agent', 'out of order'));
    expect(getContents(undefined, history, 'agent')).toEqual(scratch(history));
  });
});
