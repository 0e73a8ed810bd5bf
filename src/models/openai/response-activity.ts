/**
 * What the Realtime events received so far say about the session, read by
 * the sending side: whether a model response is running (between
 * `response.created` and `response.done`) and the session's id. It is fed
 * as events arrive, not as `receive()` reads them, so a send sees the
 * server's latest state even when nobody is reading.
 */
export class ResponseActivity {
  /** True while a response is running. */
  responding = false;
  /** The id `session.created` gave, once it came. */
  sessionId: string | undefined;

  /** Notes one server event (a JSON value as it came). */
  observe(event: unknown): void {
    const fields = event as { type?: unknown; session?: { id?: unknown } } | null;
    switch (fields?.type) {
      case 'response.created':
        this.responding = true;
        break;
      case 'response.done':
        this.responding = false;
        break;
      case 'session.created':
        if (typeof fields.session?.id === 'string') this.sessionId = fields.session.id;
        break;
      default:
        break;
    }
  }
}
