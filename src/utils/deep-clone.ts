import { setOwn } from './get-own.js';

/**
 * A deep copy of plain data (objects, arrays, primitives; dates, typed arrays
 * and other structured values are copied with `structuredClone`). Services
 * copy sessions and events at their boundary with it, so callers can never
 * mutate what a service stores.
 *
 * Plain objects and arrays are walked by hand: for the JSON-like data events
 * hold this is several times faster than `structuredClone`, and session
 * loads copy every event. Own keys such as `__proto__` are kept as data.
 */
export function deepClone<T>(value: T): T {
  return typeof value === 'object' && value !== null ? (cloneObject(value) as T) : value;
}

// Primitives are tested inline before recursing: most fields of an event are
// strings and numbers, and a call per field costs more than the test.
function cloneObject(value: object): unknown {
  if (Array.isArray(value)) {
    const length = value.length;
    const copy = new Array<unknown>(length);
    for (let index = 0; index < length; index++) {
      const item: unknown = value[index];
      copy[index] = typeof item === 'object' && item !== null ? cloneObject(item) : item;
    }
    return copy;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  // `for…in` with an own-key test visits exactly `Object.keys(value)`, in the
  // same order, without allocating the key array (V8 reuses its enum cache).
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    const field = typeof item === 'object' && item !== null ? cloneObject(item) : item;
    setOwn(copy, key, field);
  }
  return copy;
}
