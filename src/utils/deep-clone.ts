/**
 * A deep copy of plain data (objects, arrays, primitives, dates, typed arrays).
 * Services copy sessions and events at their boundary with it, so callers can
 * never mutate what a service stores.
 */
export function deepClone<T>(value: T): T {
  return structuredClone(value);
}
