import { hasOwn, setOwn } from '../utils/get-own.js';
import { isPlainObject } from '../utils/is-plain-object.js';

/** One step of a parsed JSON path: an object key or an array index. */
export type JsonPathSegment = string | number;

/** Largest array index a JSON path may write (Python `_MAX_ARRAY_INDEX`), so a model cannot make us allocate a huge array. */
export const MAX_JSON_PATH_ARRAY_INDEX = 10_000;

// Python's `_JSON_PATH_TOKEN_RE`: `[0]`, `['key']`, `["key"]`, or a dotted name.
// Characters matching none of them are skipped, as `finditer` skips them.
const tokenPattern =
  /\[\s*(\d+)\s*\]|\['((?:[^'\\]|\\.)*)'\]|\["((?:[^"\\]|\\.)*)"\]|(?:\.?((?:[^.[\]\\]|\\.)+))/g;

const escapes: Readonly<Record<string, string>> = {
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
};

function unescape(text: string): string {
  return text.replace(/\\u([0-9a-fA-F]{4})|\\(.)/g, (_match, hex: string | undefined, char = '') =>
    hex !== undefined ? String.fromCharCode(parseInt(hex, 16)) : (escapes[char] ?? char),
  );
}

/**
 * Splits a streamed-argument JSON path (`$.a.b`, `$.items[0]`, `$['odd key']`)
 * into keys and indices, exactly as Python's `_parse_json_path` does: a
 * leading `$.` or `$` is dropped, quoted keys and dotted names are
 * unescaped (`\n`, `\uXXXX`, `\<char>`), and anything else is ignored.
 */
export function parseJsonPath(jsonPath: string): JsonPathSegment[] {
  const path = jsonPath.startsWith('$.')
    ? jsonPath.slice(2)
    : jsonPath.startsWith('$')
      ? jsonPath.slice(1)
      : jsonPath;
  const segments: JsonPathSegment[] = [];
  for (const match of path.matchAll(tokenPattern)) {
    const [, index, singleQuoted, doubleQuoted, name] = match;
    if (index !== undefined) segments.push(Number(index));
    else if (singleQuoted !== undefined) segments.push(unescape(singleQuoted));
    else if (doubleQuoted !== undefined) segments.push(unescape(doubleQuoted));
    else if (name !== undefined) segments.push(unescape(name));
  }
  return segments;
}

/**
 * The value at `path` inside `target` and whether it exists. Keys are looked
 * up as own properties of plain objects only, indices within arrays only.
 */
export function getValueByJsonPath(
  target: unknown,
  path: readonly JsonPathSegment[],
): [value: unknown, found: boolean] {
  let current = target;
  for (const segment of path) {
    if (typeof segment === 'string') {
      if (!isPlainObject(current) || !hasOwn(current, segment)) return [undefined, false];
      current = current[segment];
    } else {
      if (!Array.isArray(current) || segment < 0 || segment >= current.length) {
        return [undefined, false];
      }
      current = current[segment] as unknown;
    }
  }
  return [current, true];
}

function isIndexInRange(index: number): boolean {
  return index >= 0 && index <= MAX_JSON_PATH_ARRAY_INDEX;
}

function containerFor(next: JsonPathSegment | undefined): unknown[] | Record<string, unknown> {
  return typeof next === 'number' ? [] : {};
}

/**
 * Writes `value` at `path` inside `target`, as Python's
 * `_set_value_by_json_path`: missing steps are created (an array when the
 * next step is an index, else an object), arrays are padded with null, and a
 * step through a value of the wrong kind or an index above
 * `MAX_JSON_PATH_ARRAY_INDEX` silently writes nothing. Keys such as
 * `__proto__` are stored as plain data.
 */
export function setValueByJsonPath(
  target: Record<string, unknown> | unknown[],
  path: readonly JsonPathSegment[],
  value: unknown,
): void {
  if (path.length === 0) return;
  let current: unknown = target;
  for (let step = 0; step < path.length - 1; step++) {
    const segment = path[step];
    const next = path[step + 1];
    if (typeof segment === 'string') {
      if (!isPlainObject(current)) return;
      if (!hasOwn(current, segment)) setOwn(current, segment, containerFor(next));
      current = current[segment];
    } else if (typeof segment === 'number') {
      if (!Array.isArray(current) || !isIndexInRange(segment)) return;
      while (current.length <= segment) current.push(null);
      if (current[segment] === null) current[segment] = containerFor(next);
      current = current[segment] as unknown;
    }
  }
  const last = path[path.length - 1];
  if (typeof last === 'string') {
    if (!isPlainObject(current)) return;
    setOwn(current, last, value);
  } else if (typeof last === 'number') {
    if (!Array.isArray(current) || !isIndexInRange(last)) return;
    while (current.length <= last) current.push(null);
    current[last] = value;
  }
}
