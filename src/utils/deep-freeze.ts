import { NestingTooDeepError } from '../errors/nesting-too-deep-error.js';

// Roots whose whole tree is known to be frozen: the ones isDeepFrozen vouches for.
const deeplyFrozen = new WeakSet<object>();

// The copies share one frozen empty object and array: most of an event's
// dicts (its action deltas) are empty, and a stored event then holds none of its own.
const EMPTY_OBJECT: object = Object.freeze({});
const EMPTY_ARRAY: readonly unknown[] = Object.freeze([]);
deeplyFrozen.add(EMPTY_OBJECT);
deeplyFrozen.add(EMPTY_ARRAY);

/**
 * Freezes `value` and everything reachable from it, and returns it. Stored
 * history is frozen so it can be shared by every reader instead of copied.
 * An object this call froze whole (no part of it was frozen before by
 * someone else) is remembered: `isDeepFrozen` then vouches for it.
 */
export function deepFreeze<T>(value: T): T {
  freeze(value, true);
  return value;
}

/**
 * True when `value` came from `deepFrozenCopy` or went through `deepFreeze`
 * as a root and nothing reachable from it can change: sharing any part of it
 * is safe. False for anything else, including the parts of such a value.
 */
export function isDeepFrozen(value: unknown): boolean {
  return typeof value === 'object' && value !== null && deeplyFrozen.has(value);
}

// Returns whether everything reachable from `value` is known to be frozen.
function freeze(value: unknown, root: boolean): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (Object.isFrozen(value)) return deeplyFrozen.has(value);
  let whole = true;
  for (const key of Object.keys(value)) {
    if (!freeze((value as Record<string, unknown>)[key], false)) whole = false;
  }
  Object.freeze(value);
  // Only roots are asked about; remembering every nested object would cost memory for nothing.
  if (root && whole) deeplyFrozen.add(value);
  return whole;
}

/**
 * A deep copy of `value` (as `deepClone` makes it) that is deep-frozen, made
 * in one walk; `isDeepFrozen` vouches for it. Empty objects and arrays
 * inside it are one shared frozen instance (a root is always its own).
 * Structured values other than plain objects and arrays (dates, typed
 * arrays…) are copied with `structuredClone` and left unfrozen (a typed array
 * cannot be frozen), and then the copy is not vouched for.
 *
 * With `limit`, a value nesting objects and arrays more than
 * `limit.maxDepth` levels deep (the value itself is level 1) throws
 * `NestingTooDeepError` naming `limit.argument`, before the walk could
 * overflow the stack.
 */
export function deepFrozenCopy<T>(value: T, limit?: { maxDepth: number; argument: string }): T {
  if (typeof value !== 'object' || value === null) return value;
  const state: CopyState = {
    whole: true,
    depth: 1,
    maxDepth: limit?.maxDepth ?? Infinity,
    argument: limit?.argument ?? 'value',
  };
  if (state.maxDepth < 1) throw tooDeep(state);
  let copy: object;
  if (Array.isArray(value)) copy = copyArray(value, state);
  else if (isPlain(value)) copy = copyObject(value, state) ?? {};
  else return structuredClone(value);
  Object.freeze(copy);
  if (state.whole) deeplyFrozen.add(copy);
  return copy as T;
}

/** What one deep-frozen copy tracks: whether it is vouched for, and how deep it is. */
interface CopyState {
  whole: boolean;
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
  if (Array.isArray(value)) {
    return value.length === 0 ? EMPTY_ARRAY : Object.freeze(copyArray(value, state));
  }
  if (!isPlain(value)) {
    state.whole = false;
    return structuredClone(value);
  }
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
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    const field = typeof item === 'object' && item !== null ? frozenCopyOf(item, state) : item;
    copy ??= {};
    if (key === '__proto__') {
      Object.defineProperty(copy, key, {
        value: field,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    } else {
      copy[key] = field;
    }
  }
  return copy;
}
