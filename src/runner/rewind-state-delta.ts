import { isDeepStrictEqual } from 'node:util';
import type { Event } from '../events/event.js';
import { State } from '../sessions/state.js';
import { applyStateDelta } from '../sessions/state-delta.js';
import { setOwn } from '../utils/get-own.js';

/** Whether a key is session-scoped: not `app:` or `user:` (shared, never rewound), not `temp:` (never stored). */
function isSessionKey(key: string): boolean {
  return (
    !key.startsWith(State.APP_PREFIX) &&
    !key.startsWith(State.USER_PREFIX) &&
    !key.startsWith(State.TEMP_PREFIX)
  );
}

/**
 * The state delta of a rewind event (Python
 * `_rewind_utils.compute_state_delta_for_rewind`): it takes the session's
 * state back to what the events before `rewindEventIndex` made it.
 *
 * The state at the rewind point is the replay of the session-scoped keys of
 * `events[0, rewindEventIndex)` (a `null` removes a key, as every store
 * applies it). Only the session-scoped keys that an event at or after the
 * rewind point wrote are reverted: each goes back to its value at the
 * rewind point (`null`, which removes it, when no earlier event set it), and
 * is left out of the delta when it already has that value. `app:` and
 * `user:` keys are shared with other sessions and are never reverted.
 *
 * Python also nulls every other current key missing from the replay, which
 * wipes the state given to `createSession` (never an event; adk-python
 * issues #4839/#4933, fix proposed in PR #7118); here those keys are kept,
 * so the result equals Python's wherever Python's is right. A key from
 * `createSession` that a rewound invocation changed is removed (its first
 * value is in no event).
 */
export function computeStateDeltaForRewind(
  events: readonly Event[],
  currentState: Readonly<Record<string, unknown>>,
  rewindEventIndex: number,
): Record<string, unknown> {
  const stateAtRewindPoint: Record<string, unknown> = {};
  for (const event of events.slice(0, rewindEventIndex)) {
    const delta = sessionScoped(event.actions.stateDelta);
    if (delta) applyStateDelta(stateAtRewindPoint, delta);
  }
  const writtenSince = new Set<string>();
  for (const event of events.slice(rewindEventIndex)) {
    for (const key of Object.keys(event.actions.stateDelta ?? {})) {
      if (isSessionKey(key)) writtenSince.add(key);
    }
  }
  const delta: Record<string, unknown> = {};
  for (const key of writtenSince) {
    const target = Object.hasOwn(stateAtRewindPoint, key) ? stateAtRewindPoint[key] : undefined;
    const current = Object.hasOwn(currentState, key) ? currentState[key] : undefined;
    if (target === undefined) {
      if (current !== undefined) setOwn(delta, key, null);
    } else if (!isDeepStrictEqual(current, target)) {
      setOwn(delta, key, target);
    }
  }
  return delta;
}

/** The session-scoped entries of a delta, or undefined when it has none. */
function sessionScoped(
  delta: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> | undefined {
  if (!delta) return undefined;
  let scoped: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(delta)) {
    if (!isSessionKey(key)) continue;
    scoped ??= {};
    setOwn(scoped, key, value);
  }
  return scoped;
}
