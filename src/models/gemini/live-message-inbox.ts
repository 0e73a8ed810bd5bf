import type { LiveServerMessage } from '@google/genai';

/** How a live socket ended: its close code and reason. */
export interface LiveSocketClose {
  code: number;
  reason: string;
}

/**
 * The server messages of one live session, queued from the SDK's callbacks
 * until `receive()` takes them, then how the socket ended. Messages that
 * arrive while nobody reads wait here; a reader waits for the next one.
 */
export class LiveMessageInbox {
  private readonly messages: LiveServerMessage[] = [];
  private ended: LiveSocketClose | undefined;
  private wake: (() => void) | undefined;

  /** Queues one server message. */
  push(message: LiveServerMessage): void {
    this.messages.push(message);
    this.notify();
  }

  /** Records that the socket closed; messages already queued are still read first. */
  end(close: LiveSocketClose): void {
    this.ended ??= close;
    this.notify();
  }

  /** The next message, or the socket's close once all messages are read. */
  async next(): Promise<{ message: LiveServerMessage } | { close: LiveSocketClose }> {
    for (;;) {
      const message = this.messages.shift();
      if (message) return { message };
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
