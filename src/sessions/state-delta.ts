import { setOwn } from '../utils/get-own.js';
import { State } from './state.js';

/** A state delta split by scope, with the `app:` and `user:` prefixes removed. */
export interface ScopedStateDelta {
  app: Record<string, unknown>;
  user: Record<string, unknown>;
  session: Record<string, unknown>;
}

/**
 * Splits a state (or state delta) by key prefix, as Python's
 * `extract_state_delta` does: `app:x` → `app.x`, `user:x` → `user.x`, plain
 * keys → `session`, and `temp:` keys are dropped (they are never stored).
 */
export function extractStateDelta(
  state: Readonly<Record<string, unknown>> | undefined,
): ScopedStateDelta {
  const scoped: ScopedStateDelta = { app: {}, user: {}, session: {} };
  if (!state) return scoped;
  for (const [key, value] of Object.entries(state)) {
    if (key.startsWith(State.APP_PREFIX)) {
      setOwn(scoped.app, key.slice(State.APP_PREFIX.length), value);
    } else if (key.startsWith(State.USER_PREFIX)) {
      setOwn(scoped.user, key.slice(State.USER_PREFIX.length), value);
    } else if (!key.startsWith(State.TEMP_PREFIX)) {
      setOwn(scoped.session, key, value);
    }
  }
  return scoped;
}

/**
 * The state a caller sees: the session's own keys plus the app and user
 * states under their prefixes.
 */
export function mergeState(
  appState: Readonly<Record<string, unknown>>,
  userState: Readonly<Record<string, unknown>>,
  sessionState: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(sessionState)) setOwn(merged, key, value);
  for (const [key, value] of Object.entries(appState))
    setOwn(merged, State.APP_PREFIX + key, value);
  for (const [key, value] of Object.entries(userState))
    setOwn(merged, State.USER_PREFIX + key, value);
  return merged;
}

/**
 * Applies a delta to a state record in place: a `null` (Python `None`) or
 * `undefined` value removes the key (spec 000 §7.4), any other value sets it.
 */
export function applyStateDelta(
  target: Record<string, unknown>,
  delta: Readonly<Record<string, unknown>>,
): void {
  for (const [key, value] of Object.entries(delta)) {
    if (value === null || value === undefined) {
      delete target[key];
    } else {
      setOwn(target, key, value);
    }
  }
}
