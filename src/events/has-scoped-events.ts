import type { Event } from './event.js';

/** How far a history was scanned, and whether a scoped event was found. */
interface ScopeScan {
  scanned: number;
  scoped: boolean;
}

// Keyed by the history array: a session's events only grow, so each call
// scans the events appended since the last one and a long history costs
// nothing per request.
const scans = new WeakMap<readonly Event[], ScopeScan>();

/**
 * Whether some event of `events` carries an isolation scope (a delegated
 * task's). Remembers its answer per array; an array that shrank is scanned
 * again, and once a scoped event was seen the answer stays true (at worst
 * a caller takes its slower, always-correct path).
 */
export function hasScopedEvents(events: readonly Event[]): boolean {
  let scan = scans.get(events);
  if (!scan || scan.scanned > events.length) {
    scan = { scanned: 0, scoped: false };
    scans.set(events, scan);
  }
  for (let index = scan.scanned; index < events.length && !scan.scoped; index++) {
    if (events[index]!.isolationScope) scan.scoped = true;
  }
  scan.scanned = events.length;
  return scan.scoped;
}
