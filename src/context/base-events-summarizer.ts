import type { Event } from '../events/event.js';

/** Arguments of `maybeSummarizeEvents`. */
export interface SummarizeEventsRequest {
  /** The events to summarize, oldest first (a previous summary may lead them, as a `model` event). */
  events: readonly Event[];
}

/**
 * What event compaction calls to summarize a range of events (Python
 * `BaseEventsSummarizer`). Implement it to plug in your own summarizer
 * (another model, a rule-based digest) through
 * `EventsCompactionConfig.summarizer`.
 *
 * Contract: return undefined to skip this round (nothing is written, the
 * next trigger tries again), or an event whose `actions.compaction` holds
 * `startTimestamp` (the first event's timestamp), `endTimestamp` (the last
 * one's) and `compactedContent` (role `model`). The Runner appends the event
 * to the session; do not store it yourself. A thrown error is logged and
 * the turn goes on: no event is lost.
 */
export abstract class BaseEventsSummarizer {
  abstract maybeSummarizeEvents(request: SummarizeEventsRequest): Promise<Event | undefined>;
}
