import { NestingTooDeepError } from '../errors/nesting-too-deep-error.js';

const deeplyFrozen = new WeakSet<object>();

// The copies share one frozen empty object and array: most of an event's
// dicts (its action deltas) are empty, and freezing costs more than copying.
const EMPTY_OBJECT: object = Object.freeze({});
const EMPTY_ARRAY: readonly unknown[] = Object.freeze([]);
deeplyFrozen.add(EMPTY_OBJECT);
deeplyFrozen.add(EMPTY_ARRAY);

// A deep-frozen copy carries, under this non-enumerable key, the record
// where values derived from it are kept (see `derivedValues`): a property
// read instead of a weak-map lookup on the hot path, and nothing for the
// garbage collector to trace as an ephemeron.
const DERIVED = Symbol('adk.derivedValues');
const derivedElsewhere = new WeakMap<object, Record<string, unknown>>();

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
 * and nothing reachable from it can change: sharing any part of it is safe.
 */
export function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.hasOwn(value, DERIVED) || deeplyFrozen.has(value);
}

/**
 * The record where values computed from `value` are memoised (the
 * model-ready copy of an event's content, for one). It lives as long as
 * `value`; callers own their keys and must only store what stays true for
 * `value` as it is. Deep-frozen copies carry theirs; any other object gets
 * one from a weak map.
 */
export function derivedValues(value: object): Record<string, unknown> {
  const own = ownDerivedValues(value);
  if (own) return own;
  let record = derivedElsewhere.get(value);
  if (!record) {
    record = {};
    derivedElsewhere.set(value, record);
  }
  return record;
}

/** `derivedValues(value)` when it was already made, else undefined (creates nothing). */
export function peekDerivedValues(value: object): Record<string, unknown> | undefined {
  return ownDerivedValues(value) ?? derivedElsewhere.get(value);
}

function ownDerivedValues(value: object): Record<string, unknown> | undefined {
  return Object.hasOwn(value, DERIVED)
    ? (value as { [DERIVED]: Record<string, unknown> })[DERIVED]
    : undefined;
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
 * in one walk; `isDeepFrozen` vouches for it and `derivedValues` finds its
 * memo record without a lookup. Empty objects and arrays inside it are one
 * shared frozen instance, and so is, per key sequence, an object inside it
 * whose fields are all empty objects or arrays (an event's usual actions).
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
  else if (isPlain(value)) {
    const root = new PlainRoot();
    copy = copyObject(value, state, root) ?? root;
  } else return structuredClone(value);
  if (state.whole) Object.defineProperty(copy, DERIVED, { value: {} });
  return Object.freeze(copy) as T;
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
  if (copy === undefined) return EMPTY_OBJECT;
  return sharedEmptyFields(copy) ?? Object.freeze(copy);
}

/*
 * Objects whose every field is an empty object or array (an event's actions,
 * nearly always) are frozen once per key sequence and shared, like the empty
 * object itself: a stored event then holds no actions of its own. A few
 * sequences are remembered, first come first kept.
 */
const MAX_EMPTY_FIELD_SHAPES = 8;
const MAX_EMPTY_FIELDS = 8;
const emptyFieldShapes: { keys: string[]; shared: Readonly<Record<string, unknown>> }[] = [];

/** The shared frozen object equal to `copy`, when all of `copy`'s fields are the shared empties. */
function sharedEmptyFields(copy: Record<string, unknown>): object | undefined {
  let count = 0;
  for (const key in copy) {
    const field = copy[key];
    if ((field !== EMPTY_OBJECT && field !== EMPTY_ARRAY) || ++count > MAX_EMPTY_FIELDS) {
      return undefined;
    }
  }
  for (const shape of emptyFieldShapes) {
    if (sameFields(copy, shape.keys, shape.shared, count)) return shape.shared;
  }
  if (emptyFieldShapes.length < MAX_EMPTY_FIELD_SHAPES) {
    const shared = Object.freeze(copy);
    emptyFieldShapes.push({ keys: Object.keys(shared), shared });
    return shared;
  }
  return undefined;
}

// The same keys in the same order, each with the same empty (an object is not
// an array). A key for…in finds on Object.prototype (a polluted one) never holds
// a shared empty, so sharedEmptyFields has already declined such a copy.
function sameFields(
  copy: Record<string, unknown>,
  keys: readonly string[],
  shared: Readonly<Record<string, unknown>>,
  count: number,
): boolean {
  if (keys.length !== count) return false;
  let index = 0;
  for (const key in copy) {
    if (keys[index++] !== key || shared[key] !== copy[key]) return false;
  }
  return true;
}

/*
 * Root copies (a session store's events) come from a constructor of their
 * own, whose prototype is Object.prototype: they are plain objects, and V8
 * sizes them by the fields the first ones took, so an event's fields (and
 * its memo record) fit in the object itself. A `{}` has room for four, and
 * puts the rest in a separate array.
 */
const PlainRoot = function PlainRoot() {} as unknown as new () => Record<string, unknown>;
PlainRoot.prototype = Object.prototype;

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
// one stands in). for…in walks V8's enum cache: no key array per object.
function copyObject(
  value: object,
  state: CopyState,
  into?: Record<string, unknown>,
): Record<string, unknown> | undefined {
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    const field = typeof item === 'object' && item !== null ? frozenCopyOf(item, state) : item;
    copy ??= into ?? {};
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
