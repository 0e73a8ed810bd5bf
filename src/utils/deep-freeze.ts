import { NestingTooDeepError } from '../errors/nesting-too-deep-error.js';
import { setOwn } from './get-own.js';

// The copies share one frozen empty object and array: most of an event's
// dicts (its action deltas) are empty, and a stored event then holds none of its own.
const EMPTY_OBJECT: object = Object.freeze({});
const EMPTY_ARRAY: readonly unknown[] = Object.freeze([]);

/**
 * Freezes `value` and everything reachable from it, and returns it. Stored
 * history is frozen so it can be shared by every reader instead of copied.
 * An object that is already frozen is left as it is, with what it holds.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}

/** How deep `isFrozenThrough` looks before it gives up (a frozen cycle must not overflow the stack). */
const MAX_FROZEN_DEPTH = 64;

/**
 * True when `value` is a primitive, or a plain object or array that is
 * frozen along with everything reachable from it (as `deepFreeze` and
 * `deepFrozenCopy` leave them): nothing in it can change, so it may be
 * shared instead of copied. False when it holds any other object (a frozen
 * `Date` can still be set) and past 64 levels of nesting. Costs a walk over
 * `value`.
 */
export function isFrozenThrough(value: unknown): boolean {
  return frozenThrough(value, 0);
}

function frozenThrough(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (!Object.isFrozen(value) || depth >= MAX_FROZEN_DEPTH) return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      if (!frozenThrough(value[index], depth + 1)) return false;
    }
    return true;
  }
  if (!isPlain(value)) return false;
  // for…in walks V8's enum cache: no key array per object, on a walk made per new event.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (!frozenThrough((value as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

/**
 * A deep copy of `value` (as `deepClone` makes it) that is deep-frozen, made
 * in one walk. Empty objects and arrays inside it are one shared frozen
 * instance (a root is always its own), and a value inside it that
 * `isFrozenThrough` vouches for is shared as it is. Structured values other than plain
 * objects and arrays (dates, typed arrays…) are copied with
 * `structuredClone` and left unfrozen (a typed array cannot be frozen), so
 * `isFrozenThrough` is then false for the copy.
 *
 * With `limit`, a value nesting objects and arrays more than
 * `limit.maxDepth` levels deep (the value itself is level 1) throws
 * `NestingTooDeepError` naming `limit.argument`, before the walk could
 * overflow the stack.
 */
export function deepFrozenCopy<T>(value: T, limit?: { maxDepth: number; argument: string }): T {
  if (typeof value !== 'object' || value === null) return value;
  const state: CopyState = {
    depth: 1,
    maxDepth: limit?.maxDepth ?? Infinity,
    argument: limit?.argument ?? 'value',
  };
  if (state.maxDepth < 1) throw tooDeep(state);
  let copy: object;
  if (Array.isArray(value)) copy = copyArray(value, state);
  else if (isPlain(value)) copy = copyObject(value, state) ?? {};
  else return structuredClone(value);
  return Object.freeze(copy) as T;
}

/** What one deep-frozen copy tracks: how deep it is. */
interface CopyState {
  depth: number;
  readonly maxDepth: number;
  readonly argument: string;
}

function tooDeep(state: CopyState): NestingTooDeepError {
  return new NestingTooDeepError({ argument: state.argument, limit: state.maxDepth });
}

function frozenCopyOf(value: object, state: CopyState): unknown {
  if (state.depth >= state.maxDepth) throw tooDeep(state);
  state.depth++;
  const copy = frozenCopyAtLevel(value, state);
  state.depth--;
  return copy;
}

function frozenCopyAtLevel(value: object, state: CopyState): unknown {
  // Nothing in a value frozen through can change: it is shared, not copied.
  if (Object.isFrozen(value) && isFrozenThrough(value)) return value;
  if (Array.isArray(value)) {
    return value.length === 0 ? EMPTY_ARRAY : Object.freeze(copyArray(value, state));
  }
  if (!isPlain(value)) return structuredClone(value);
  const copy = copyObject(value, state);
  return copy === undefined ? EMPTY_OBJECT : Object.freeze(copy);
}

function isPlain(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function copyArray(value: readonly unknown[], state: CopyState): unknown[] {
  const length = value.length;
  const copy = new Array<unknown>(length);
  for (let index = 0; index < length; index++) {
    const item = value[index];
    copy[index] = typeof item === 'object' && item !== null ? frozenCopyOf(item, state) : item;
  }
  return copy;
}

// The copy's fields, or undefined for an object without any (the shared empty
// one stands in inside a copy). A `__proto__` key is copied as an own field.
function copyObject(value: object, state: CopyState): Record<string, unknown> | undefined {
  let copy: Record<string, unknown> | undefined;
  // for…in walks V8's enum cache: no key array per object copied.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    const field = typeof item === 'object' && item !== null ? frozenCopyOf(item, state) : item;
    copy ??= {};
    setOwn(copy, key, field);
  }
  return copy;
}
