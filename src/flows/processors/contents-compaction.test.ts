import { describe, expect, it } from 'vitest';
import { createEvent, type Event } from '../../events/event.js';
import type { Content } from '../../types/index.js';
import { getContents } from './contents.js';

// Ports the `_get_contents` cases of tests/unittests/apps/test_compaction.py
// (spec 000 §4.1 step 3): summaries replace the events their range covers.

function textEvent(timestamp: number, invocationId: string, text: string): Event {
  return createEvent({
    timestamp,
    invocationId,
    author: 'user',
    content: { role: 'user', parts: [{ text }] },
  });
}

function compactionEvent(start: number, end: number, summary: string, appendedAt?: number): Event {
  const compactedContent: Content = { role: 'model', parts: [{ text: summary }] };
  return createEvent({
    timestamp: appendedAt ?? end,
    author: 'compactor',
    invocationId: `compaction-${start}-${end}`,
    content: compactedContent,
    actions: { compaction: { startTimestamp: start, endTimestamp: end, compactedContent } },
  });
}

const texts = (contents: Content[]): (string | undefined)[] =>
  contents.map((content) => content.parts?.[0]?.text);

describe('getContents: compaction (spec 000 §4.1 step 3; test_compaction.py)', () => {
  it('replaces each compacted range by its summary (test_get_contents_with_multiple_compactions)', () => {
    const events = [
      textEvent(1, 'inv1', 'Event 1'),
      textEvent(2, 'inv2', 'Event 2'),
      textEvent(3, 'inv3', 'Event 3'),
      textEvent(4, 'inv4', 'Event 4'),
      compactionEvent(1, 4, 'Summary 1-4'),
      textEvent(5, 'inv5', 'Event 5'),
      textEvent(6, 'inv6', 'Event 6'),
      textEvent(7, 'inv7', 'Event 7'),
      textEvent(8, 'inv8', 'Event 8'),
      textEvent(9, 'inv9', 'Event 9'),
      compactionEvent(6, 9, 'Summary 6-9'),
      textEvent(10, 'inv10', 'Event 10'),
    ];
    expect(texts(getContents(undefined, events))).toEqual([
      'Summary 1-4',
      'Event 5',
      'Summary 6-9',
      'Event 10',
    ]);
  });

  it('hides a summary whose range another covers (test_get_contents_subsumed_compaction_is_hidden)', () => {
    const events = [
      textEvent(1, 'inv1', 'Event 1'),
      textEvent(2, 'inv2', 'Event 2'),
      textEvent(3, 'inv3', 'Event 3'),
      textEvent(4, 'inv4', 'Event 4'),
      compactionEvent(1, 1, 'Summary 1'),
      textEvent(6, 'inv6', 'Event 6'),
      textEvent(7, 'inv7', 'Event 7'),
      compactionEvent(1, 3, 'Summary 1-3'),
      textEvent(9, 'inv9', 'Event 9'),
    ];
    expect(texts(getContents(undefined, events))).toEqual([
      'Summary 1-3',
      'Event 4',
      'Event 6',
      'Event 7',
      'Event 9',
    ]);
  });

  it('keeps events newer than a late-appended summary (test_get_contents_compaction_appended_late_keeps_newer_events)', () => {
    const events = [
      textEvent(1, 'inv1', 'Event 1'),
      textEvent(2, 'inv2', 'Event 2'),
      textEvent(3, 'inv3', 'Event 3'),
      textEvent(4, 'inv4', 'Event 4'),
      textEvent(5, 'inv5', 'Event 5'),
      compactionEvent(1, 3, 'Summary 1-3', 6),
    ];
    expect(texts(getContents(undefined, events))).toEqual(['Summary 1-3', 'Event 4', 'Event 5']);
  });

  it('changes nothing without compaction (test_get_contents_no_compaction)', () => {
    const events = [
      textEvent(1, 'inv1', 'Event 1'),
      textEvent(2, 'inv2', 'Event 2'),
      textEvent(3, 'inv3', 'Event 3'),
    ];
    expect(texts(getContents(undefined, events))).toEqual(['Event 1', 'Event 2', 'Event 3']);
  });

  it('handles a summary at the start (test_get_contents_single_compaction_at_start)', () => {
    const events = [
      textEvent(1, 'inv1', 'Event 1'),
      textEvent(2, 'inv2', 'Event 2'),
      compactionEvent(1, 2, 'Summary 1-2'),
      textEvent(3, 'inv3', 'Event 3'),
    ];
    expect(texts(getContents(undefined, events))).toEqual(['Summary 1-2', 'Event 3']);
  });

  it('handles adjacent summaries (test_get_contents_single_compaction_in_middle)', () => {
    const events = [
      textEvent(1, 'inv1', 'Event 1'),
      textEvent(2, 'inv2', 'Event 2'),
      compactionEvent(1, 2, 'Summary 1-2'),
      textEvent(3, 'inv3', 'Event 3'),
      textEvent(4, 'inv4', 'Event 4'),
      compactionEvent(3, 4, 'Summary 3-4'),
      textEvent(5, 'inv5', 'Event 5'),
    ];
    expect(texts(getContents(undefined, events))).toEqual([
      'Summary 1-2',
      'Summary 3-4',
      'Event 5',
    ]);
  });

  it('handles a summary at the end (test_get_contents_compaction_at_end)', () => {
    const events = [
      textEvent(1, 'inv1', 'Event 1'),
      textEvent(2, 'inv2', 'Event 2'),
      textEvent(3, 'inv3', 'Event 3'),
      compactionEvent(2, 3, 'Summary 2-3'),
    ];
    expect(texts(getContents(undefined, events))).toEqual(['Event 1', 'Summary 2-3']);
  });

  it('handles a summary whose events are gone (test_get_contents_compaction_at_beginning)', () => {
    const events = [
      compactionEvent(1, 2, 'Summary 1-2'),
      textEvent(3, 'inv3', 'Event 3'),
      textEvent(4, 'inv4', 'Event 4'),
    ];
    expect(texts(getContents(undefined, events))).toEqual(['Summary 1-2', 'Event 3', 'Event 4']);
  });

  it('keeps the later of two summaries with the same range', () => {
    const events = [
      textEvent(1, 'inv1', 'Event 1'),
      compactionEvent(1, 1, 'First summary', 2),
      compactionEvent(1, 1, 'Second summary', 3),
      textEvent(4, 'inv4', 'Event 4'),
    ];
    expect(texts(getContents(undefined, events))).toEqual(['Second summary', 'Event 4']);
  });

  it("presents the summary as the agent's own turn (current _process_compaction_events(events, agent_name))", () => {
    // adk-python first wrote the summary as a `model` event, which a named
    // agent then read as another agent's ("For context: [model] said: …");
    // the reference now attributes it to the agent the history is built for.
    const events = [
      textEvent(1, 'inv1', 'Event 1'),
      compactionEvent(1, 1, 'Summary 1'),
      textEvent(2, 'inv2', 'Event 2'),
    ];
    expect(getContents(undefined, events, 'my_agent')).toEqual([
      { role: 'model', parts: [{ text: 'Summary 1' }] },
      { role: 'user', parts: [{ text: 'Event 2' }] },
    ]);
  });

  it("ignores compaction events outside the agent's branch", () => {
    const hidden = {
      ...compactionEvent(1, 2, 'Sibling summary'),
      branch: 'parent.sibling',
    };
    const events = [textEvent(1, 'inv1', 'Event 1'), textEvent(2, 'inv2', 'Event 2'), hidden];
    expect(texts(getContents('parent.me', events))).toEqual(['Event 1', 'Event 2']);
  });
});
