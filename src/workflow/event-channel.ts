import type { Event } from '../events/event.js';

interface Pending {
  event: Event;
  taken: () => void;
}

/**
 * The one path by which a workflow's events reach the Runner (Python's
 * invocation event queue). Nodes running at the same time `emit` into it;
 * `drain` yields the events in arrival order. An `emit` resolves only once
 * the consumer has taken the event and come back for the next one, which
 * with the Runner means the event is committed to the session: a node goes
 * on only after what it yielded is stored, as an agent does. An event whose
 * message is the node's output goes out without the `output` copy of it.
 */
export class EventChannel {
  private readonly queue: Pending[] = [];
  private wake: (() => void) | undefined;
  private closed = false;

  /**
   * Hands `event` to the consumer; resolves when it has been taken (at once
   * once the channel is closed, the event then being dropped).
   */
  emit(event: Event): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise<void>((taken) => {
      this.queue.push({ event, taken });
      this.notify();
    });
  }

  /**
   * Yields every emitted event until `work` settles and nothing is left to
   * take, then closes the channel. `work`'s rejection is not thrown here: the
   * caller awaits `work` itself. When the consumer stops early (the Runner
   * failed or was closed), `stop` is called so the work can abort; later
   * emits then resolve at once.
   */
  async *drain(work: Promise<unknown>, stop: () => void): AsyncGenerator<Event, void, undefined> {
    let settled = false;
    const done = work.then(
      () => undefined,
      () => undefined,
    );
    void done.then(() => {
      settled = true;
      this.notify();
    });
    let completed = false;
    let current: Pending | undefined;
    try {
      for (;;) {
        current = this.queue.shift();
        if (current) {
          yield withoutRepeatedOutput(current.event);
          current.taken();
          current = undefined;
          continue;
        }
        if (settled) break;
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
      completed = true;
    } finally {
      this.closed = true;
      if (!completed) stop();
      // Release emitters still waiting, so their nodes can finish.
      current?.taken();
      for (const pending of this.queue.splice(0)) pending.taken();
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

/**
 * Python's `_consume_event_queue`: an LLM agent node's final message carries
 * its text both as `content` and as `output` (`nodeInfo.messageAsOutput`);
 * the consumer gets a copy without `output`, so the text is stored and shown
 * once. The node runner has already recorded the output from the original.
 */
function withoutRepeatedOutput(event: Event): Event {
  if (event.partial || !event.nodeInfo?.messageAsOutput || !event.content) return event;
  if (event.output === undefined) return event;
  const copy = { ...event };
  delete copy.output;
  return copy;
}
