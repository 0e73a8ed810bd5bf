import type { Event } from './event.js';

/**
 * Answers whether a session's events include one with an isolation scope (a
 * delegated task's), scanning only the events appended since the last
 * question (004 §10). One belongs to one invocation (the Runner's context
 * makes it and every copy shares it), so the answer lives exactly as long
 * as the invocation and a session without tasks pays, per model request, for
 * the events appended since the previous request, not for its history.
 *
 * It follows one events array: asked about another array, or about one that
 * shrank, it starts over. Once a scoped event was seen the answer stays true
 * for that array (at worst a caller takes its slower, always-correct path).
 */
export class ScopedEventScan {
  private events: readonly Event[] | undefined;
  private scanned = 0;
  private scoped = false;

  /** True when some event of `events` carries an isolation scope. */
  hasScopedEvents(events: readonly Event[]): boolean {
    if (events !== this.events || events.length < this.scanned) {
      this.events = events;
      this.scanned = 0;
      this.scoped = false;
    }
    for (let index = this.scanned; index < events.length && !this.scoped; index++) {
      if (events[index]!.isolationScope) this.scoped = true;
    }
    this.scanned = events.length;
    return this.scoped;
  }
}
