import type { RequestValidationIssue } from '../errors/request-validation-error.js';

/**
 * The deepest nesting of objects and arrays a request body may have, the
 * body itself being level 1. Deeper bodies get 422 before anything reads
 * them; it leaves every accepted body storable (session stores take 128
 * levels, `MAX_STORED_NESTING_DEPTH`).
 */
export const MAX_REQUEST_NESTING_DEPTH = 100;

// NUL, which PostgreSQL cannot store in text or JSONB, and UTF-16 surrogates
// that are not part of a pair (JSON's `\ud800` escapes), which no UTF-8
// database can store.
const UNSTORABLE_CHARACTER = /[\0\p{Cs}]/u;

/** One object or array being walked: its keys (none for an array) and the next position. */
interface Level {
  readonly container: object;
  readonly keys: readonly string[] | undefined;
  readonly length: number;
  next: number;
}

/**
 * The first problem of a parsed JSON body that no schema checks, as a
 * FastAPI-style issue located under `location` (or none): nesting deeper
 * than `MAX_REQUEST_NESTING_DEPTH` (`too_deep`), or a string or key holding
 * a NUL character or an unpaired surrogate (`string_unstorable`). The walk
 * keeps one entry per level on a stack of its own, so any depth and any
 * width is safe to check.
 */
export function jsonLimitIssues(value: unknown, location: string): RequestValidationIssue[] {
  if (typeof value === 'string') {
    return UNSTORABLE_CHARACTER.test(value) ? [stringIssue([location])] : [];
  }
  if (typeof value !== 'object' || value === null) return [];
  const stack: Level[] = [levelOf(value)];
  while (stack.length > 0) {
    const level = stack[stack.length - 1]!;
    if (level.next >= level.length) {
      stack.pop();
      continue;
    }
    const position = level.next++;
    const key = level.keys === undefined ? position : level.keys[position]!;
    if (typeof key === 'string' && UNSTORABLE_CHARACTER.test(key)) {
      return [stringIssue(pathOf(location, stack))];
    }
    const item: unknown = (level.container as Record<string | number, unknown>)[key];
    if (typeof item === 'string') {
      if (UNSTORABLE_CHARACTER.test(item)) return [stringIssue(pathOf(location, stack))];
    } else if (typeof item === 'object' && item !== null) {
      if (stack.length >= MAX_REQUEST_NESTING_DEPTH) {
        return [
          {
            type: 'too_deep',
            loc: pathOf(location, stack),
            msg: `Objects and arrays may be nested at most ${MAX_REQUEST_NESTING_DEPTH} levels deep`,
          },
        ];
      }
      stack.push(levelOf(item));
    }
  }
  return [];
}

function levelOf(container: object): Level {
  if (Array.isArray(container)) {
    return { container, keys: undefined, length: container.length, next: 0 };
  }
  const keys = Object.keys(container);
  return { container, keys, length: keys.length, next: 0 };
}

/** Where the member each level is at lives: `location`, then one key or index per level. */
function pathOf(location: string, stack: readonly Level[]): (string | number)[] {
  const path: (string | number)[] = [location];
  for (const level of stack) {
    const position = level.next - 1;
    path.push(level.keys === undefined ? position : level.keys[position]!);
  }
  return path;
}

function stringIssue(loc: (string | number)[]): RequestValidationIssue {
  return {
    type: 'string_unstorable',
    loc,
    msg: 'Strings and keys may not contain NUL characters or unpaired surrogates',
  };
}
