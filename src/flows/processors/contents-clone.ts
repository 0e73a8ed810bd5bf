import type { Content } from '../../types/index.js';
import { deepClone } from '../../utils/deep-clone.js';
import { CLIENT_FUNCTION_CALL_ID_PREFIX } from '../../utils/ids.js';
import { removeClientFunctionCallIds } from '../client-function-call-ids.js';
import { setOwn } from '../../utils/get-own.js';

/**
 * `deepClone(content)` followed by `removeClientFunctionCallIds` on the copy,
 * in one walk (own enumerable keys, in order, as `deepClone` visits them): a client `adk-…` id of a function call or response is left
 * out of the copy rather than deleted from it afterwards. The result is the
 * same object tree with the same key order, but no copy ever has a property
 * deleted, so it keeps V8's fast object layout (a request body is serialized
 * soon after). Anything that is not plain JSON-like data, a `parts` that is
 * not an array, a part that is not a plain object, or an id that is neither
 * a string nor absent takes the two-step path, so every case (including the
 * errors it throws) matches the two steps exactly.
 */
export function cloneContentWithoutClientIds(content: Content): Content {
  if (
    !isPlainRecord(content) ||
    !Object.hasOwn(content, 'parts') ||
    !Array.isArray((content as { parts?: unknown }).parts)
  ) {
    const copy = deepClone(content);
    removeClientFunctionCallIds(copy);
    return copy;
  }
  const copy: Record<string, unknown> = {};
  let parts: unknown[] | undefined;
  let pending: number[] | undefined;
  for (const key in content) {
    if (!Object.hasOwn(content, key)) continue;
    const value = (content as Record<string, unknown>)[key];
    if (key === 'parts') {
      const source = value as unknown[];
      parts = new Array<unknown>(source.length);
      for (let index = 0; index < source.length; index++) {
        const part = source[index];
        if (isPlainRecord(part)) {
          const cloned = clonePart(part);
          parts[index] = cloned.copy;
          if (cloned.pending) (pending ??= []).push(index);
        } else {
          parts[index] = deepClone(part);
          (pending ??= []).push(index);
        }
      }
      setOwn(copy, key, parts);
    } else {
      setOwn(copy, key, deepClone(value));
    }
  }
  // The parts the walk could not settle get the original removal, in part order.
  if (pending && parts) {
    for (const index of pending) removeClientFunctionCallIds({ parts: [parts[index] as never] });
  }
  return copy as Content;
}

/** A copy of a plain part, without client ids; `pending` when the removal must still run on it. */
function clonePart(part: Record<string, unknown>): {
  copy: Record<string, unknown>;
  pending: boolean;
} {
  const copy: Record<string, unknown> = {};
  let pending = false;
  for (const key in part) {
    if (!Object.hasOwn(part, key)) continue;
    const value = part[key];
    if (key !== 'functionCall' && key !== 'functionResponse') {
      setOwn(copy, key, deepClone(value));
      continue;
    }
    if (!isPlainRecord(value)) {
      setOwn(copy, key, deepClone(value));
      // A falsy value has no id to remove; anything else gets the original treatment.
      if (value) pending = true;
      continue;
    }
    const id = value['id'];
    if (typeof id === 'string') {
      setOwn(
        copy,
        key,
        id.startsWith(CLIENT_FUNCTION_CALL_ID_PREFIX) ? cloneWithoutId(value) : deepClone(value),
      );
    } else {
      setOwn(copy, key, deepClone(value));
      if (id !== undefined && id !== null) pending = true;
    }
  }
  return { copy, pending };
}

function cloneWithoutId(value: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key in value) {
    if (key !== 'id' && Object.hasOwn(value, key)) setOwn(copy, key, deepClone(value[key]));
  }
  return copy;
}

/** Plain data as `deepClone` walks it by hand: an object whose prototype is Object's or null. */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
