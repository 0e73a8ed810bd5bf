/** How a Realtime socket ended: its close code and reason. */
export interface RealtimeSocketClose {
  code: number;
  reason: string;
}

/**
 * The server events of one Realtime session, queued from the client's
 * `event` listener until `receive()` takes them, then how the socket ended.
 * Events that arrive while nobody reads wait here; a reader waits for the
 * next one. Events are kept as they came (JSON values) and parsed by the
 * reader.
 */
export class RealtimeEventInbox {
  private readonly events: unknown[] = [];
  private ended: RealtimeSocketClose | undefined;
  private wake: (() => void) | undefined;

  /** Queues one server event. */
  push(event: unknown): void {
    this.events.push(event);
    this.notify();
  }

  /** Records that the socket closed; events already queued are still read first. */
  end(close: RealtimeSocketClose): void {
    this.ended ??= close;
    this.notify();
  }

  /** The next event, or the socket's close once all events are read. */
  async next(): Promise<{ event: unknown } | { close: RealtimeSocketClose }> {
    for (;;) {
      if (this.events.length > 0) return { event: this.events.shift() };
      if (this.ended) return { close: this.ended };
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
