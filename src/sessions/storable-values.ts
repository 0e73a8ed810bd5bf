import { InputValidationError } from '../errors/input-validation-error.js';
import type { Event } from '../events/event.js';
import { assertNestingWithin, MAX_STORED_NESTING_DEPTH } from '../utils/nesting-depth.js';
import { assertStoredId, showId, storedIdProblem } from '../utils/stored-id.js';

/** The longest invocation id a session store keeps: adk-python's `String(256)` column. */
export const MAX_INVOCATION_ID_LENGTH = 256;

/**
 * The earliest and latest event times a session store accepts, in seconds:
 * whole microseconds stay exact (safe integers), which holds from 1684 to
 * 2255, inside what every database's time column holds.
 */
const MAX_ABSOLUTE_MICROS = Number.MAX_SAFE_INTEGER;

/**
 * Throws `InputValidationError` unless the app name, user id and (when
 * given) session id can be stored (`storedIdProblem`: 1 to 128 characters,
 * no control characters or unpaired surrogates). Every session store checks
 * every id it is given, on every operation, so all backends accept and
 * refuse the same ids.
 */
export function assertSessionKey({
  appName,
  userId,
  sessionId,
}: {
  appName: string;
  userId?: string | undefined;
  sessionId?: string | undefined;
}): void {
  assertStoredId(appName, 'appName');
  if (userId !== undefined) assertStoredId(userId, 'userId');
  if (sessionId !== undefined) assertStoredId(sessionId, 'sessionId');
}

/**
 * Throws `NestingTooDeepError` when a state (initial state or a delta)
 * nests more than `MAX_STORED_NESTING_DEPTH` levels.
 */
export function assertStorableState(state: unknown, argument: string): void {
  assertNestingWithin(state, MAX_STORED_NESTING_DEPTH, argument);
}

/**
 * Throws `InputValidationError` when a store could not hold an event's ids
 * or time, or could not give them back intact: an event id that breaks the
 * stored-id rule, an invocation id over 256 characters or with control
 * characters, a timestamp that is not a finite time between 1684 and 2255.
 * `BaseSessionService.appendEvent` checks every event with it; the
 * built-in stores also bound the event's nesting in the copy they store
 * (`NestingTooDeepError`), and `assertStorableEvent` checks both.
 */
export function assertStorableEventFields(event: Event): void {
  assertStoredId(event.id, 'event id');
  const invocationId = event.invocationId;
  if (invocationId !== '') {
    const problem = storedIdProblem(invocationId, MAX_INVOCATION_ID_LENGTH);
    if (problem !== undefined) {
      throw new InputValidationError({
        message: `Invalid invocation id ${showId(invocationId)} of event ${event.id}: it ${problem}.`,
        argument: 'invocationId',
      });
    }
  }
  const micros = Math.round(event.timestamp * 1e6);
  if (!(Math.abs(micros) <= MAX_ABSOLUTE_MICROS)) {
    throw new InputValidationError({
      message:
        `Event ${event.id} has no valid timestamp: ${String(event.timestamp)} is not a time ` +
        'in seconds between the years 1684 and 2255.',
      argument: 'timestamp',
    });
  }
}

/**
 * `assertStorableEventFields`, and `NestingTooDeepError` when the event
 * nests more than `MAX_STORED_NESTING_DEPTH` levels: everything a store
 * refuses in an event. For checking events before any of them is stored
 * (an import), and for stores of your own.
 */
export function assertStorableEvent(event: Event): void {
  assertStorableEventFields(event);
  assertNestingWithin(event, MAX_STORED_NESTING_DEPTH, 'event');
}
