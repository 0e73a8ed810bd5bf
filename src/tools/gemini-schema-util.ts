import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Schema } from '../types/index.js';
import { deepClone } from '../utils/deep-clone.js';
import { setOwn } from '../utils/get-own.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { orderGenaiSchema } from './genai-schema-order.js';

/*
 * Python ADK's `_to_gemini_schema` (tools/_gemini_schema_util.py), which
 * turns an MCP tool's `inputSchema` (or an OpenAPI schema) into the genai
 * `Schema` of its declaration. It differs from the function-tool conversion
 * (schema-conversion.ts): `required` is kept as the server wrote it, and the
 * steps below follow Python's, quirks included.
 */

type JsonObject = Record<string, unknown>;

// Python's `JSONSchema` fields (snake_case) plus `property_ordering`, minus
// `additional_properties`, which Gemini rejects.
const SUPPORTED_FIELDS: ReadonlySet<string> = new Set([
  'type',
  'format',
  'title',
  'description',
  'default',
  'items',
  'min_items',
  'max_items',
  'enum',
  'properties',
  'required',
  'min_properties',
  'max_properties',
  'minimum',
  'maximum',
  'min_length',
  'max_length',
  'pattern',
  'any_of',
  'unique_items',
  'ref',
  'defs',
  'one_of',
  'property_ordering',
]);

const JSON_TYPES: ReadonlySet<string> = new Set([
  'null',
  'boolean',
  'object',
  'array',
  'number',
  'integer',
  'string',
]);

// `Schema` fields copied as they are, by their snake_case name.
const COPIED_FIELDS: Readonly<Record<string, keyof Schema>> = {
  title: 'title',
  description: 'description',
  default: 'default',
  enum: 'enum',
  format: 'format',
  pattern: 'pattern',
  minimum: 'minimum',
  maximum: 'maximum',
  required: 'required',
  property_ordering: 'propertyOrdering',
};

// Counts are int64 in genai's `Schema`, written as strings in its JSON form.
const COUNT_FIELDS: Readonly<Record<string, keyof Schema>> = {
  min_items: 'minItems',
  max_items: 'maxItems',
  min_length: 'minLength',
  max_length: 'maxLength',
  min_properties: 'minProperties',
  max_properties: 'maxProperties',
};

/**
 * Converts a JSON Schema to a genai `Schema` as Python's `_to_gemini_schema`
 * does (undefined for undefined or null):
 *
 * 1. `$ref`s are replaced by their `$defs`/`definitions` entry (looked up by
 *    the last path segment; the referring schema's own keywords win), a
 *    cycle becoming `{type: object, description: "Circular ref to <name>"}`;
 *    unknown references are dropped.
 * 2. Keywords are matched by their snake_case form; only those Gemini's
 *    `JSONSchema` knows are kept (`additionalProperties`, `$schema`,
 *    `const`, … are dropped); `format` survives only as `int32`/`int64` on
 *    numbers and `date-time`/`enum` on strings; a boolean schema becomes
 *    `{type: object}`, an empty one gets `type: object`; a type list keeps
 *    its first non-null type (`array` if present) plus nullability; a lone
 *    `null` type becomes a nullable object (kept as null inside `anyOf`); an
 *    array without `items` gets string items.
 * 3. The result is built like genai's `Schema.from_json_schema`: types in
 *    UPPERCASE, `nullable: true` for null types, `required`, `enum` and
 *    `default` (unless null) kept as written, counts written as strings,
 *    `anyOf` members converted, and a two-member `anyOf` with a null member
 *    collapsed into the other member (made nullable, keeping only the
 *    outer `default`).
 *
 * Keys are in genai's alphabetical order. Throws `InvalidArgumentError` for
 * a schema that is not an object or names an unknown type.
 */
export function toGeminiSchema(schema: unknown): Schema | undefined {
  if (schema === undefined || schema === null) return undefined;
  if (!isPlainObject(schema)) {
    throw new InvalidArgumentError({
      message: 'A JSON Schema must be an object.',
      argument: 'schema',
    });
  }
  const sanitized = sanitize(dereference(schema), false) as JsonObject;
  return fromJsonSchema(sanitized);
}

/** Python's `_to_snake_case`. */
export function toSnakeCase(text: string): string {
  return text
    .replace(/[^a-zA-Z0-9]+/g, '_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
}

// Step 1: Python's `_dereference_schema`.
function dereference(schema: JsonObject): JsonObject {
  const definitions: JsonObject = {};
  for (const key of ['definitions', '$defs']) {
    const block = schema[key];
    if (isPlainObject(block)) {
      for (const [name, value] of Object.entries(block)) setOwn(definitions, name, value);
    }
  }
  const resolved = resolveRefs(schema, definitions, new Set()) as JsonObject;
  const { $defs: _defs, definitions: _definitions, ...rest } = resolved;
  return rest;
}

function resolveRefs(node: unknown, definitions: JsonObject, path: ReadonlySet<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => resolveRefs(item, definitions, path));
  if (!isPlainObject(node)) return node;
  const ref = node['$ref'];
  if (typeof ref !== 'string') {
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      setOwn(out, key, resolveRefs(value, definitions, path));
    }
    return out;
  }
  const name = ref.split('/').pop() ?? ref;
  if (path.has(ref)) return { type: 'object', description: `Circular ref to ${name}` };
  const target = Object.hasOwn(definitions, name) ? definitions[name] : undefined;
  const { $ref: _ref, ...overrides } = node;
  // Python leaves an unknown reference as it is, which genai then cannot
  // resolve; without the reference the schema still converts.
  if (!isPlainObject(target)) return resolveRefs(overrides, definitions, path);
  const merged: JsonObject = { ...target };
  for (const [key, value] of Object.entries(overrides)) setOwn(merged, key, value);
  return resolveRefs(merged, definitions, new Set([...path, ref]));
}

// Step 2: Python's `_sanitize_schema_formats_for_gemini`.
function sanitize(node: unknown, preserveNullType: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => sanitize(item, preserveNullType));
  if (typeof node === 'boolean') return { type: 'object' };
  if (!isPlainObject(node)) return node;
  const out: JsonObject = {};
  for (const [rawKey, value] of Object.entries(node)) {
    const key = toSnakeCase(rawKey);
    if (key === 'items') {
      setOwn(out, key, sanitize(value, false));
    } else if (key === 'any_of') {
      if (Array.isArray(value))
        setOwn(
          out,
          key,
          value.map((member) => sanitize(member, true)),
        );
    } else if (key === 'properties' || key === 'defs') {
      if (isPlainObject(value)) {
        const children: JsonObject = {};
        for (const [name, child] of Object.entries(value)) {
          setOwn(children, name, sanitize(child, false));
        }
        setOwn(out, key, children);
      }
    } else if (key === 'format') {
      if (value && isGeminiFormat(node['type'], value)) setOwn(out, key, value);
    } else if (SUPPORTED_FIELDS.has(key) && value !== null && value !== undefined) {
      setOwn(out, key, value);
    }
  }
  return sanitizeType(out, preserveNullType);
}

function isGeminiFormat(type: unknown, format: unknown): boolean {
  if (type === 'integer' || type === 'number') return format === 'int32' || format === 'int64';
  if (type === 'string') return format === 'date-time' || format === 'enum';
  return false;
}

// Python's `_sanitize_schema_type`.
function sanitizeType(schema: JsonObject, preserveNullType: boolean): JsonObject {
  if (Object.keys(schema).length === 0) schema['type'] = 'object';
  const type = schema['type'];
  if (Array.isArray(type)) {
    const nonNull = type.filter((name) => name !== 'null');
    const nullable = nonNull.length !== type.length;
    const kept: unknown = nonNull.includes('array') ? 'array' : (nonNull[0] ?? 'object');
    schema['type'] = nullable ? [kept, 'null'] : kept;
  } else if (type === 'null' && !preserveNullType) {
    schema['type'] = ['object', 'null'];
  }
  const finalType = schema['type'];
  const isArray =
    finalType === 'array' || (Array.isArray(finalType) && finalType.includes('array'));
  if (isArray && !Object.hasOwn(schema, 'items')) schema['items'] = { type: 'string' };
  return schema;
}

// Step 3: genai's `Schema.from_json_schema` on the sanitized schema.
function fromJsonSchema(node: JsonObject): Schema {
  const out: Partial<Record<keyof Schema, unknown>> = {};
  const { types, nullable } = normalizeType(node['type']);
  if (nullable) out.nullable = true;
  const firstType = types[0];
  if (firstType !== undefined) out.type = firstType.toUpperCase();

  const items = node['items'];
  if (isPlainObject(items) && Object.keys(items).length > 0) {
    const converted = fromJsonSchema(items);
    // genai drops an items schema that ends up with nothing set.
    if (Object.keys(converted).length > 0 || out.type !== 'ARRAY') out.items = converted;
  }
  const anyOf = node['any_of'];
  if (Array.isArray(anyOf)) {
    out.anyOf = anyOf.map((member) => fromJsonSchema(isPlainObject(member) ? member : {}));
    if (out.type === undefined && anyOf.length === 0) out.type = 'OBJECT';
  }
  const properties = node['properties'];
  if (isPlainObject(properties)) {
    const converted: JsonObject = {};
    for (const [name, child] of Object.entries(properties)) {
      setOwn(converted, name, fromJsonSchema(isPlainObject(child) ? child : {}));
    }
    out.properties = converted;
  }
  for (const [field, target] of Object.entries(COPIED_FIELDS)) {
    const value = node[field];
    if (value !== undefined && value !== null) out[target] = deepClone(value);
  }
  for (const [field, target] of Object.entries(COUNT_FIELDS)) {
    const value = node[field];
    if (typeof value === 'number') out[target] = String(value);
  }
  return collapseNullableUnion(orderGenaiSchema(out));
}

function normalizeType(type: unknown): { types: string[]; nullable: boolean } {
  if (type === undefined || type === null) return { types: [], nullable: false };
  const list: unknown[] = Array.isArray(type) ? type : [type];
  const types: string[] = [];
  let nullable = false;
  for (const name of list) {
    if (typeof name !== 'string' || !JSON_TYPES.has(name)) {
      throw new InvalidArgumentError({
        message: `Unknown JSON Schema type ${JSON.stringify(name)}.`,
        argument: 'schema',
      });
    }
    if (name === 'null') nullable = true;
    else types.push(name);
  }
  return { types, nullable };
}

// genai unwraps `anyOf: [T, null]` into a nullable T; only the outer
// default survives the unwrapping.
function collapseNullableUnion(schema: Schema): Schema {
  const members = schema.anyOf;
  if (!members || members.length !== 2) return schema;
  const isNullPart = (part: Schema): boolean => {
    const keys = Object.keys(part);
    return (
      keys.length === 1 && (part.nullable === true || (part.type as string | undefined) === 'NULL')
    );
  };
  const nullPart = members.find(isNullPart);
  const typePart = members.find((part) => !isNullPart(part));
  if (!nullPart || !typePart) return schema;
  const collapsed: Partial<Record<keyof Schema, unknown>> = { ...typePart, nullable: true };
  if (schema.default !== undefined) collapsed.default = schema.default;
  return orderGenaiSchema(collapsed);
}
