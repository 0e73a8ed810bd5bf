import { InputValidationError } from '../errors/input-validation-error.js';

/** The longest id a session store keeps: adk-python's `String(128)` key columns. */
export const MAX_ID_LENGTH = 128;

/**
 * Why `value` cannot be stored as an id (an app name, user id, session id or
 * event id), or undefined when it can. Every session store, on every
 * database, applies the same rule: a non-empty string of at most
 * `maxLength` characters (code points, as the databases count them), with
 * no control characters (NUL, line breaks, DEL, C1) and no unpaired
 * surrogates, which PostgreSQL and MySQL cannot hold or would alter.
 */
export function storedIdProblem(value: unknown, maxLength = MAX_ID_LENGTH): string | undefined {
  if (typeof value !== 'string') return 'must be a string';
  if (value === '') return 'must not be empty';
  if (value.length > maxLength && codePointLength(value) > maxLength) {
    return `must be at most ${maxLength} characters long`;
  }
  if (hasControlOrLoneSurrogate(value)) {
    return 'must not contain control characters or unpaired surrogates';
  }
  return undefined;
}

// A control character or any surrogate; ids are checked on every append, and a
// plain character class is the fastest test. Surrogates then need pairing.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_OR_SURROGATE = /[\x00-\x1f\x7f-\x9f\ud800-\udfff]/;

// C0 and C1 control characters (NUL included), DEL, and UTF-16 surrogates
// that are not part of a pair.
function hasControlOrLoneSurrogate(text: string): boolean {
  if (!CONTROL_OR_SURROGATE.test(text)) return false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
    if (code < 0xd800 || code > 0xdfff) continue;
    if (code > 0xdbff) return true;
    const next = index + 1 < text.length ? text.charCodeAt(index + 1) : 0;
    if (next < 0xdc00 || next > 0xdfff) return true;
    index++;
  }
  return false;
}

/**
 * Why `value` cannot be a user or session id of the HTTP API, or undefined
 * when it can: the stored-id rule (`storedIdProblem`), and no `/` or `\`
 * and not `.` or `..`, so that an id is one path segment wherever it is
 * used (a URL, an artifact folder).
 */
export function pathIdProblem(value: unknown): string | undefined {
  const problem = storedIdProblem(value);
  if (problem !== undefined) return problem;
  const id = value as string;
  if (id.includes('/') || id.includes('\\')) return 'must not contain / or \\';
  if (id === '.' || id === '..') return 'must not be . or ..';
  return undefined;
}

/**
 * Throws `InputValidationError` (with `argument` set) unless `value` can be
 * stored as an id (`storedIdProblem`). The message names the argument and
 * shows the value, JSON-escaped and shortened.
 */
export function assertStoredId(
  value: unknown,
  argument: string,
  maxLength = MAX_ID_LENGTH,
): asserts value is string {
  const problem = storedIdProblem(value, maxLength);
  if (problem === undefined) return;
  throw new InputValidationError({
    message: `Invalid ${argument} ${showId(value)}: it ${problem}.`,
    argument,
  });
}

/** An id as a message shows it: JSON-escaped, cut after 40 characters. */
export function showId(value: unknown): string {
  if (typeof value !== 'string') return typeof value;
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return JSON.stringify(shown);
}

function codePointLength(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
    }
    count++;
  }
  return count;
}
