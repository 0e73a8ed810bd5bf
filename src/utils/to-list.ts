/** `undefined` → `[]`, one item → `[item]`, a list → a copy of it. */
export function toList<T>(value: T | readonly T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? [...(value as readonly T[])] : [value as T];
}
