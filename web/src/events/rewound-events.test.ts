import { describe, expect, it } from 'vitest';
import type { WireEvent } from '../api/types';
import { invocationStartIds, rewoundEventIds } from './rewound-events';

const event = (id: string, invocationId: string, rewindTo?: string): WireEvent => ({
  id,
  invocationId,
  author: 'user',
  timestamp: 0,
  ...(rewindTo ? { actions: { rewindBeforeInvocationId: rewindTo } } : {}),
});

describe('rewoundEventIds', () => {
  it('hides the rewound invocations and the rewind event, as the contents processor does', () => {
    const events = [
      event('a1', 'A'),
      event('b1', 'B'),
      event('b2', 'B'),
      event('c1', 'C'),
      event('r1', 'R', 'B'),
      event('d1', 'D'),
    ];
    expect([...rewoundEventIds(events)].sort()).toEqual(['b1', 'b2', 'c1', 'r1']);
  });

  it('a later rewind over an earlier one hides both; a rewind to an unknown id hides itself', () => {
    const events = [
      event('a1', 'A'),
      event('b1', 'B'),
      event('r1', 'R1', 'B'),
      event('c1', 'C'),
      event('r2', 'R2', 'A'),
      event('x', 'X'),
      event('r3', 'R3', 'nowhere'),
    ];
    expect([...rewoundEventIds(events)].sort()).toEqual(['a1', 'b1', 'c1', 'r1', 'r2', 'r3']);
  });
});

describe('invocationStartIds', () => {
  it('is the first event of each invocation', () => {
    const events = [event('a1', 'A'), event('a2', 'A'), event('b1', 'B'), event('a3', 'A')];
    expect([...invocationStartIds(events)]).toEqual(['a1', 'b1']);
  });
});
