import { setOwn } from './get-own.js';

/**
 * Copies the own enumerable string keys of `source` onto `target` and
 * returns it. Used instead of `{...source, extra}` on hot paths: Node 20
 * takes a slow path for spread-then-add, and events are built on every step.
 * A `__proto__` key is copied as an own data property, as spread would.
 */
export function assignOwn<T extends object>(target: T, source: object | undefined): T {
  if (!source) return target;
  for (const key in source) {
    if (!Object.hasOwn(source, key)) continue;
    const value: unknown = (source as Record<string, unknown>)[key];
    setOwn(target as Record<string, unknown>, key, value);
  }
  return target;
}
