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
  return cloneValue(value) as T;
}

function cloneValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index++) copy[index] = cloneValue(value[index]);
    return copy;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const field = cloneValue((value as Record<string, unknown>)[key]);
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
