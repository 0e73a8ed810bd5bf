import type { Event } from '../events/event.js';
import { setOwn } from '../utils/get-own.js';
import type { Session } from './session.js';
import { State } from './state.js';

/** What storage holds for a session now: its merged state and its events (as loaded). */
export interface StoredSessionView {
  readonly state: Readonly<Record<string, unknown>>;
  readonly events: readonly Event[];
  readonly lastUpdateTime: number;
}

/**
 * Brings a caller's session object up to date with storage, in place: its
 * events list and state object are refilled rather than replaced, because an
 * invocation and its contexts hold them (`State` writes through to
 * `session.state`). The caller's `temp:` keys are kept: they live only in this
 * object and are never stored.
 */
export function refreshSessionInPlace(session: Session, stored: StoredSessionView): void {
  const events = session.events;
  events.length = 0;
  // A loop rather than push(...spread): a long history would overflow the stack.
  for (const event of stored.events) events.push(event);
  const state = session.state;
  for (const key of Object.keys(state)) {
    if (!key.startsWith(State.TEMP_PREFIX)) delete state[key];
  }
  for (const [key, value] of Object.entries(stored.state)) {
    if (!key.startsWith(State.TEMP_PREFIX)) setOwn(state, key, value);
  }
  session.lastUpdateTime = stored.lastUpdateTime;
}
