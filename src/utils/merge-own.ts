import { getOwn, setOwn } from './get-own.js';
import { isPlainObject } from './is-plain-object.js';

/**
 * Deep-merges `source` into `target` in place and returns `target` (Python's
 * `deep_merge_dicts`): where both hold a plain object under a key, the two
 * are merged; otherwise `source`'s value replaces `target`'s. Nested objects
 * of `target` are merged into, so the caller passes copies it owns.
 *
 * Every key is read and written as an own data property: keys such as
 * `__proto__`, `constructor` and `prototype` (from tools, models or JSON)
 * are kept as data, never reach `Object.prototype` and never change an
 * object's prototype, and an inherited member is never merged into.
 */
export function mergeOwn(
  target: Record<string, unknown>,
  source: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  for (const [key, value] of Object.entries(source)) {
    const existing = getOwn(target, key);
    setOwn(
      target,
      key,
      isPlainObject(existing) && isPlainObject(value) ? mergeOwn(existing, value) : value,
    );
  }
  return target;
}
