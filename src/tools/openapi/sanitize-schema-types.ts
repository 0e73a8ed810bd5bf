import { isPlainObject } from '../../utils/is-plain-object.js';

const VALID_TYPES: ReadonlySet<string> = new Set([
  'array',
  'boolean',
  'integer',
  'null',
  'number',
  'object',
  'string',
]);

// Below these keys every object is a schema.
const SCHEMA_CONTAINERS: ReadonlySet<string> = new Set(['schema', 'schemas']);

/**
 * Cleans the `type` of every schema in an OpenAPI document (Python's
 * `OpenApiSpecParser._sanitize_schema_types`): types are lowercased, an
 * unknown type (`Any`, say) is removed, and a list of types keeps its known
 * members once each (the whole `type` goes when none is left). Only objects
 * under a `schema` or `schemas` key are touched. Changes `spec` in place.
 */
export function sanitizeSchemaTypes(spec: unknown, inSchema = false): void {
  if (Array.isArray(spec)) {
    for (const item of spec) sanitizeSchemaTypes(item, inSchema);
    return;
  }
  if (!isPlainObject(spec)) return;
  if (inSchema) sanitizeType(spec);
  for (const [key, value] of Object.entries(spec)) {
    sanitizeSchemaTypes(value, inSchema || SCHEMA_CONTAINERS.has(key));
  }
}

function sanitizeType(schema: Record<string, unknown>): void {
  if (!('type' in schema)) return;
  const type = schema['type'];
  if (typeof type === 'string') {
    const lower = type.toLowerCase();
    if (VALID_TYPES.has(lower)) schema['type'] = lower;
    else delete schema['type'];
    return;
  }
  if (Array.isArray(type)) {
    const kept: string[] = [];
    for (const entry of type) {
      if (typeof entry !== 'string') continue;
      const lower = entry.toLowerCase();
      if (VALID_TYPES.has(lower) && !kept.includes(lower)) kept.push(lower);
    }
    if (kept.length > 0) schema['type'] = kept;
    else delete schema['type'];
  }
}
