import type { Event } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';

/**
 * Events a live run's send loop produces for the caller (a user content a
 * before-model hook blocked; Python `InvocationContext._enqueue_event`),
 * waiting to be yielded by the receive loop between the model's responses.
 */
export class LiveSideEvents {
  private readonly pending: Event[] = [];
  private wake: (() => void) | undefined;
  // One promise for every wait until the next push, so waits that lose a race do not pile up.
  private arrival: Promise<void> | undefined;

  /** Queues an event and wakes the receive loop. */
  push(event: Event): void {
    this.pending.push(event);
    const wake = this.wake;
    this.wake = undefined;
    this.arrival = undefined;
    wake?.();
  }

  /** Takes every queued event, oldest first. */
  drain(): Event[] {
    return this.pending.splice(0, this.pending.length);
  }

  /** Resolves once an event is queued (at once when one already is). */
  arrived(): Promise<void> {
    if (this.pending.length > 0) return Promise.resolve();
    this.arrival ??= new Promise((resolve) => (this.wake = resolve));
    return this.arrival;
  }
}

/** One item of a merged live stream: a model response or an event from the send loop. */
export type LiveStreamItem = { response: LlmResponse } | { sideEvent: Event };

/**
 * The model's responses with the side events interleaved as they arrive:
 * a side event queued while the model is silent is yielded at once rather
 * than after the model's next response. Ends when `responses` ends (events
 * still queued stay for the next read). When the consumer stops early, a
 * read still waiting on the model is left to settle on its own (the caller
 * closes the connection), and the stream is then closed.
 */
export async function* withSideEvents(
  responses: AsyncIterable<LlmResponse>,
  side: LiveSideEvents,
): AsyncGenerator<LiveStreamItem, void, undefined> {
  const iterator = responses[Symbol.asyncIterator]();
  let next: Promise<IteratorResult<LlmResponse, unknown>> | undefined;
  let done = false;
  try {
    for (;;) {
      for (const sideEvent of side.drain()) yield { sideEvent };
      next ??= iterator.next();
      const winner = await Promise.race([next, side.arrived()]);
      if (winner === undefined) continue;
      next = undefined;
      if (winner.done) {
        done = true;
        return;
      }
      yield { response: winner.value };
    }
  } finally {
    if (!done) {
      // Awaiting here could wait forever for a model that stays silent; the close releases it.
      const closeWhenSettled = (): void =>
        void iterator.return?.(undefined)?.catch(() => undefined);
      if (next) void next.then(closeWhenSettled, () => undefined);
      else closeWhenSettled();
    }
  }
}
