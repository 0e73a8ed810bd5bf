/** How a live socket ended: its close code and reason. */
export interface LiveSocketClose {
  code: number;
  reason: string;
}

/**
 * The server messages of one live session, queued from the SDK's callbacks
 * until the connection's `receive()` takes them, then how the socket ended.
 * Messages that arrive while nobody reads wait here; a reader waits for the
 * next one. One reader at a time.
 */
export class LiveInbox<Message> {
  private readonly messages: Message[] = [];
  private ended: LiveSocketClose | undefined;
  private wake: (() => void) | undefined;

  /** Queues one server message. */
  push(message: Message): void {
    this.messages.push(message);
    this.notify();
  }

  /** Records that the socket closed; messages already queued are still read first. */
  end(close: LiveSocketClose): void {
    this.ended ??= close;
    this.notify();
  }

  /** The next message, or the socket's close once all messages are read. */
  async next(): Promise<{ message: Message } | { close: LiveSocketClose }> {
    for (;;) {
      // The length check, not the shifted value, says whether one was queued: a message may be falsy.
      if (this.messages.length > 0) return { message: this.messages.shift() as Message };
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
