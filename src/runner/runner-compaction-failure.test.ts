import { afterEach, describe, expect, it } from 'vitest';
import {
  BaseEventsSummarizer,
  type SummarizeEventsRequest,
} from '../context/base-events-summarizer.js';
import { createEvent, type Event } from '../events/event.js';
import { setLogger } from '../utils/logger.js';
import {
  compactionRunner,
  compactions,
  storedEvents,
  turn,
} from './runner-compaction-test-fixtures.js';

// The failure rule (adk-python lets the summarizer's error end the
// run; here it must not): a failed summary loses no event and fails no turn,
// is logged, and the next trigger summarizes the range again.

/** A user summarizer that fails on its first call and joins the texts afterwards. */
class FlakySummarizer extends BaseEventsSummarizer {
  calls: Event[][] = [];

  override async maybeSummarizeEvents({ events }: SummarizeEventsRequest) {
    this.calls.push([...events]);
    if (this.calls.length === 1) throw new Error('summary model unavailable');
    const text = events.map((event) => event.content?.parts?.[0]?.text).join(' | ');
    return createEvent({
      author: 'user',
      actions: {
        compaction: {
          startTimestamp: events[0]!.timestamp,
          endTimestamp: events[events.length - 1]!.timestamp,
          compactedContent: { role: 'model', parts: [{ text }] },
        },
      },
    });
  }
}

afterEach(() => setLogger());

describe('Runner: a failed summary', () => {
  it('keeps the turn and its events, logs, and is retried at the next trigger', async () => {
    const warnings: string[] = [];
    setLogger({
      debug: () => {},
      info: () => {},
      warn: (message) => void warnings.push(message),
      error: () => {},
    });
    const summarizer = new FlakySummarizer();
    const { runner, sessionService } = await compactionRunner({
      compactionInterval: 2,
      overlapSize: 0,
      summarizer,
    });
    await turn(runner, 'turn 1');
    const second = await turn(runner, 'turn 2');
    expect(second.map((event) => event.content?.parts?.[0]?.text)).toEqual(['reply 2']);
    expect(summarizer.calls).toHaveLength(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/Event compaction \(sliding-window\) failed for session s/);
    let events = await storedEvents(sessionService);
    expect(events).toHaveLength(4);
    expect(compactions(events)).toEqual([]);

    await turn(runner, 'turn 3');
    events = await storedEvents(sessionService);
    // Three invocations are now newer than any summary: the retry covers them all.
    expect(compactions(events).map((c) => c.summary)).toEqual([
      'turn 1 | reply 1 | turn 2 | reply 2 | turn 3 | reply 3',
    ]);
    expect(events.filter((event) => !event.actions.compaction)).toHaveLength(6);
  });
});
