import { setOwn } from '../utils/get-own.js';
import { isPlainObject } from '../utils/is-plain-object.js';

// zod drops a record's `__proto__` key on purpose; Python keeps it as data.
// A key no JSON is expected to hold stands in for it while zod validates.
const STAND_IN = `__proto__ stand-in ${crypto.randomUUID()}`;

/** Renames user-data keys for validation and remembers whether `__proto__` was among them. */
export interface ProtoKeyStandIn {
  /** `key` itself, or the stand-in for `__proto__`. */
  readonly dataKey: (key: string) => string;
  /** True once `dataKey` has been given `__proto__`. */
  readonly used: () => boolean;
}

/** A fresh renamer for one validation. */
export function protoKeyStandIn(): ProtoKeyStandIn {
  let used = false;
  return {
    dataKey: (key) => {
      if (key !== '__proto__') return key;
      used = true;
      return STAND_IN;
    },
    used: () => used,
  };
}

/** `key` as the caller wrote it (`__proto__` for the stand-in), for error paths. */
export function originalDataKey(key: string): string {
  return key === STAND_IN ? '__proto__' : key;
}

/**
 * Renames every stand-in key in `value` (at any depth, in place) back to an
 * own `__proto__` data key, keeping the key order, and returns `value`.
 */
export function restoreProtoKeys<T>(value: T): T {
  if (Array.isArray(value)) {
    for (const item of value) restoreProtoKeys(item);
  } else if (isPlainObject(value)) {
    const entries = Object.entries(value);
    if (Object.hasOwn(value, STAND_IN)) {
      for (const [key] of entries) delete value[key];
      for (const [key, item] of entries) setOwn(value, originalDataKey(key), item);
    }
    for (const [, item] of entries) restoreProtoKeys(item);
  }
  return value;
}
