import { NestingTooDeepError } from '../errors/nesting-too-deep-error.js';

/**
 * The deepest nesting of objects and arrays a session store accepts in an
 * event or a state, the event or state itself being level 1. It leaves room
 * above the HTTP API's request limit (100 levels), so everything the API
 * accepts can be stored, and stays far below what the recursive copies and
 * serialisers (here and in Python's readers of a shared database) survive.
 */
export const MAX_STORED_NESTING_DEPTH = 128;

/**
 * True when `value` nests objects and arrays more than `limit` levels deep:
 * an object or array is level 1, its object and array members level 2, and
 * so on. Primitives are level 0. Own enumerable keys are followed; typed
 * arrays and other binary views count as leaves. A cyclic value is deeper
 * than any limit. The walk stops at `limit`, so it never overflows the stack.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return false;
  if (limit <= 0) return true;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) {
      if (typeof item === 'object' && item !== null && nestsDeeperThan(item, limit - 1)) {
        return true;
      }
    }
    return false;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === 'object' && item !== null && nestsDeeperThan(item, limit - 1)) return true;
  }
  return false;
}

/**
 * Throws `NestingTooDeepError` (naming `argument`) when `value` nests more
 * than `limit` levels deep (see `nestsDeeperThan`).
 */
export function assertNestingWithin(value: unknown, limit: number, argument: string): void {
  if (nestsDeeperThan(value, limit)) throw new NestingTooDeepError({ argument, limit });
}
