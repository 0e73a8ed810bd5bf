/**
 * Freezes `value` and everything reachable from it, and returns it. Stored
 * history is frozen so it can be shared by every reader instead of copied.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
