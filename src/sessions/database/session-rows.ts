import { InputValidationError } from '../../errors/input-validation-error.js';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import type { Event } from '../../events/event.js';
import { eventFromSnakeCaseJson, eventToSnakeCaseJson } from '../../events/event-json.js';
import { isPlainObject } from '../../utils/is-plain-object.js';
import { microsFromSeconds, parseStorageTime, secondsFromMicros } from './storage-time.js';

// A `\u0000` or lone-surrogate escape in JSON text, not itself escaped (an
// odd number of backslashes before the `u`). JSON.stringify writes both as
// escapes (lower-case hex) and a paired surrogate as the character itself.
const UNSTORABLE_ESCAPE = /(?:^|[^\\])(?:\\\\)*\\u(?:0000|d[89a-f])/;

/**
 * A JSON column's value as the row holds it: JSON text (SQLite, MySQL, and
 * what we write). Throws `InputValidationError` (naming `what`) when a
 * string or key holds a NUL character or an unpaired surrogate, which
 * PostgreSQL's JSONB refuses: every dialect refuses them alike.
 */
export function encodeJsonColumn(value: unknown, what: string): string {
  const text = JSON.stringify(value);
  if (UNSTORABLE_ESCAPE.test(text)) {
    throw new InputValidationError({
      message: `${what} holds a NUL character or an unpaired surrogate, which the database cannot store.`,
      argument: what,
    });
  }
  return text;
}

/**
 * A JSON object column read back: text is parsed (SQLite, MySQL), a parsed
 * object (PostgreSQL JSONB) is taken as it is, `null` is an empty object.
 * Throws `InvalidArgumentError` when the value is not a JSON object.
 */
export function decodeJsonObject(value: unknown, what: string): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch (error) {
      throw new InvalidArgumentError({
        argument: what,
        message: `Stored ${what} is not valid JSON.`,
        cause: error,
      });
    }
  }
  if (!isPlainObject(parsed)) {
    throw new InvalidArgumentError({
      argument: what,
      message: `Stored ${what} is not a JSON object.`,
    });
  }
  return parsed;
}

/**
 * A time column read back, in whole microseconds. Throws
 * `InvalidArgumentError` when it is not a time.
 */
export function readTimeColumn(value: unknown, what: string): number {
  const micros = parseStorageTime(value);
  if (micros === undefined) {
    throw new InvalidArgumentError({ argument: what, message: `Stored ${what} is not a time.` });
  }
  return micros;
}

/** The columns of an `events` row this package reads. */
export interface EventRow {
  id: string;
  invocation_id: string;
  timestamp: unknown;
  event_data: unknown;
}

/**
 * The `event_data` of an event: the whole event as the snake_case JSON Python
 * stores (`model_dump(exclude_none=True, mode="json")`), as JSON text.
 */
export function encodeEventData(event: Event): string {
  return encodeJsonColumn(eventToSnakeCaseJson(event), `event ${event.id}`);
}

/**
 * An event read back from its row, as Python's `StorageEvent.to_event` does:
 * `event_data` with the `id`, `invocation_id` and `timestamp` columns taking
 * precedence. The timestamp column holds microseconds; when the float in
 * `event_data` rounds to the same microsecond it is kept, so an event written
 * here reads back exactly equal. Throws `InvalidArgumentError` for a row that
 * does not hold a valid event.
 */
export function eventFromRow(row: EventRow): Event {
  const data = decodeJsonObject(row.event_data, 'event_data');
  const micros = readTimeColumn(row.timestamp, 'event timestamp');
  const written = data['timestamp'];
  const timestamp =
    typeof written === 'number' && microsFromSeconds(written) === micros
      ? written
      : secondsFromMicros(micros);
  // The camelCase spellings would win over the columns; the columns are the truth.
  delete data['invocationId'];
  return eventFromSnakeCaseJson({
    ...data,
    id: row.id,
    invocation_id: row.invocation_id,
    timestamp,
  });
}
