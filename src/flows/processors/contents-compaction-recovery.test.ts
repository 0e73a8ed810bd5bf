import { describe, expect, it } from 'vitest';
import { createEvent, type Event } from '../../events/event.js';
import type { Content } from '../../types/index.js';
import { recoverCompactedFunctionCalls } from './contents-compaction-recovery.js';
import { getContents } from './contents.js';

// adk-python flows/llm_flows/_content_compaction.py `_recover_compacted_function_calls`
// and its tests (test_recover_compacted_function_calls_*): a long-running
// call summarized away while its real result arrives later.

const call = (timestamp: number, ids: string[]): Event =>
  createEvent({
    timestamp,
    author: 'agent',
    invocationId: 'inv1',
    content: {
      role: 'model',
      parts: ids.map((id) => ({ functionCall: { id, name: 'approve', args: { id } } })),
    },
  });

const response = (timestamp: number, id: string, result: string): Event =>
  createEvent({
    timestamp,
    author: 'agent',
    invocationId: 'inv1',
    content: {
      role: 'user',
      parts: [{ functionResponse: { id, name: 'approve', response: { result } } }],
    },
  });

const summary = (start: number, end: number, at: number): Event => {
  const compactedContent: Content = { role: 'model', parts: [{ text: 'summary' }] };
  return createEvent({
    timestamp: at,
    author: 'user',
    actions: { compaction: { startTimestamp: start, endTimestamp: end, compactedContent } },
  });
};

describe('recoverCompactedFunctionCalls', () => {
  it('re-injects the missing call before the response that survived (reinjects_missing_call)', () => {
    const summaryEvent = { author: 'model', timestamp: 3, content: { parts: [{ text: 's' }] } };
    const callEvent = call(1, ['lr']);
    const resume = response(4, 'lr', 'done');
    expect(recoverCompactedFunctionCalls([summaryEvent, resume], [callEvent, resume])).toEqual([
      summaryEvent,
      callEvent,
      resume,
    ]);
  });

  it('returns the list itself when every response has its call (noop_when_call_present)', () => {
    const events = [call(1, ['lr']), response(2, 'lr', 'done')];
    expect(recoverCompactedFunctionCalls(events, events)).toBe(events);
  });

  it("brings back a sibling's newest response with the call (uses_latest_sibling_response)", () => {
    const callEvent = call(1, ['a', 'b']);
    const placeholderB = response(2, 'b', 'pending');
    const realB = response(3, 'b', 'done b');
    const resumeA = response(6, 'a', 'done a');
    const result = recoverCompactedFunctionCalls(
      [{ author: 'model', timestamp: 4 }, resumeA],
      [callEvent, placeholderB, realB, resumeA],
    );
    expect(result).toEqual([{ author: 'model', timestamp: 4 }, callEvent, realB, resumeA]);
  });

  it('lets getContents send a compacted long-running call with its late result', () => {
    const events = [
      createEvent({
        timestamp: 0.5,
        author: 'user',
        content: { role: 'user', parts: [{ text: 'approve it' }] },
      }),
      call(1, ['lr']),
      response(2, 'lr', 'pending'),
      summary(0.5, 2, 3),
      response(4, 'lr', 'approved'),
    ];
    expect(getContents(undefined, events, 'agent')).toEqual([
      { role: 'model', parts: [{ text: 'summary' }] },
      {
        role: 'model',
        parts: [{ functionCall: { id: 'lr', name: 'approve', args: { id: 'lr' } } }],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { id: 'lr', name: 'approve', response: { result: 'approved' } } },
        ],
      },
    ]);
  });
});
