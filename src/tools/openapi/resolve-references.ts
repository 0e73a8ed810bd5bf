import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { deepClone } from '../../utils/deep-clone.js';
import { setOwn } from '../../utils/get-own.js';
import { isPlainObject } from '../../utils/is-plain-object.js';

type JsonObject = Record<string, unknown>;

/**
 * Replaces every local `$ref` (`#/components/...`) in an OpenAPI document
 * with a copy of what it points to (Python's
 * `OpenApiSpecParser._resolve_references`). Returns a new document; the
 * input is not changed.
 *
 * Cycles are safe: a reference met again while it is still being resolved
 * becomes its object without the `$ref` (usually `{}`), as in Python. A
 * reference to a missing target is left as it is. Throws
 * `InvalidArgumentError` for a reference outside the document (a URL or a
 * file), which is not supported.
 */
export function resolveReferences(spec: JsonObject): JsonObject {
  const document = deepClone(spec);
  const resolved = new Map<string, unknown>();
  const seen = new Set<string>();

  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (!isPlainObject(value)) return value;
    const ref = value['$ref'];
    if (typeof ref !== 'string') {
      const copy: JsonObject = {};
      for (const [key, child] of Object.entries(value)) {
        setOwn(copy, key, visit(child));
      }
      return copy;
    }
    if (resolved.has(ref)) return deepClone(resolved.get(ref));
    if (seen.has(ref)) {
      // A cycle: keep the structure, drop the pointer.
      const { $ref: _ref, ...rest } = value;
      return rest;
    }
    seen.add(ref);
    const target = lookUp(document, ref);
    if (target === undefined) return value;
    const result = visit(target);
    resolved.set(ref, result);
    return deepClone(result);
  };

  return visit(document) as JsonObject;
}

function lookUp(document: JsonObject, ref: string): unknown {
  const parts = ref.split('/');
  if (parts[0] !== '#') {
    throw new InvalidArgumentError({
      message: `External references not supported: ${ref}`,
      argument: 'specDict',
    });
  }
  let current: unknown = document;
  for (const raw of parts.slice(1)) {
    // JSON Pointer escapes (RFC 6901).
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isPlainObject(current) && !Array.isArray(current)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, part)) return undefined;
    current = (current as JsonObject)[part];
  }
  return current;
}
