import { z } from 'zod';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Schema } from '../types/index.js';
import { deepClone } from '../utils/deep-clone.js';
import { setOwn } from '../utils/get-own.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { orderGenaiSchema, type GenaiSchemaKey } from './genai-schema-order.js';

/** A JSON Schema type name (lowercase, as in draft-07 and 2020-12). */
export type JsonSchemaTypeName =
  'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

/**
 * A JSON Schema (draft-07 / 2020-12 style, lowercase `type`). The keywords
 * listed are the ones the conversion to a genai `Schema` and the argument
 * check understand; any other keyword is allowed and ignored.
 */
export interface JsonSchema {
  type?: JsonSchemaTypeName | readonly JsonSchemaTypeName[];
  properties?: Record<string, JsonSchemaDefinition>;
  required?: readonly string[];
  additionalProperties?: JsonSchemaDefinition;
  items?: JsonSchemaDefinition;
  prefixItems?: readonly JsonSchemaDefinition[];
  anyOf?: readonly JsonSchemaDefinition[];
  oneOf?: readonly JsonSchemaDefinition[];
  allOf?: readonly JsonSchemaDefinition[];
  enum?: readonly unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  title?: string;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  /** OpenAPI 3.0's way of allowing null. */
  nullable?: boolean;
  $ref?: string;
  $defs?: Record<string, JsonSchemaDefinition>;
  definitions?: Record<string, JsonSchemaDefinition>;
  $schema?: string;
  [keyword: string]: unknown;
}

/** A JSON Schema or a boolean schema (`true` accepts anything, `false` nothing). */
export type JsonSchemaDefinition = JsonSchema | boolean;

/** A zod v4 object schema. */
export type ZodObjectSchema = z.ZodObject<z.core.$ZodShape, z.core.$ZodObjectConfig>;

/**
 * A schema in any of the three forms tools accept: a zod v4 schema, a JSON
 * Schema (lowercase types) or a genai `Schema` (UPPERCASE types, used
 * verbatim).
 */
export type ToolSchema = z.ZodType | JsonSchema | Schema;

/** Which of the three forms a schema is in. */
export type ToolSchemaKind = 'zod' | 'json-schema' | 'genai';

/** Which side of a zod schema to describe: what is parsed (`input`) or what parsing returns (`output`). */
export type ZodSchemaSide = 'input' | 'output';

const GENAI_TYPES: ReadonlySet<string> = new Set([
  'TYPE_UNSPECIFIED',
  'STRING',
  'NUMBER',
  'INTEGER',
  'BOOLEAN',
  'ARRAY',
  'OBJECT',
  'NULL',
]);
const JSON_TYPES: ReadonlySet<string> = new Set([
  'string',
  'number',
  'integer',
  'boolean',
  'array',
  'object',
  'null',
]);
// Keywords only JSON Schema has; genai's Schema has none of them.
const JSON_ONLY_KEYWORDS = [
  '$schema',
  '$id',
  '$ref',
  '$defs',
  'definitions',
  'const',
  'oneOf',
  'allOf',
  'not',
  'additionalProperties',
  'prefixItems',
  'patternProperties',
  'propertyNames',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'uniqueItems',
];
// genai's Schema writes int64 counts as strings; JSON Schema as numbers.
const COUNT_KEYWORDS = [
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
] as const;

/** True for a zod v4 schema (from any copy of zod v4). */
export function isZodSchema(value: unknown): value is z.ZodType {
  return (
    typeof value === 'object' &&
    value !== null &&
    '_zod' in value &&
    typeof (value as { _zod: unknown })._zod === 'object'
  );
}

/** True for a zod v4 object schema. */
export function isZodObjectSchema(value: unknown): value is ZodObjectSchema {
  return isZodSchema(value) && value._zod.def.type === 'object';
}

/**
 * Tells the three schema forms apart. A zod v4 schema is recognised by its
 * internals. Otherwise the schema tree is searched: UPPERCASE type names (and
 * counts written as strings) mark a genai `Schema`; lowercase or list-valued
 * type names, numeric counts and JSON-Schema-only keywords (`$ref`, `const`,
 * `oneOf`, `additionalProperties`, …) mark a JSON Schema. A schema with no
 * marks at all (such as `{}`) is a genai `Schema`, used as it is. Throws
 * `InvalidArgumentError` for a zod v3 schema, an unknown type name, or a
 * schema that mixes both forms.
 */
export function schemaKind(schema: unknown): ToolSchemaKind {
  if (isZodSchema(schema)) return 'zod';
  if (!isPlainObject(schema)) {
    if (typeof schema === 'object' && schema !== null && '_def' in schema) {
      throw new InvalidArgumentError({
        message: 'Only zod v4 schemas are supported: import { z } from "zod" (v4).',
        argument: 'schema',
      });
    }
    throw new InvalidArgumentError({
      message: 'A tool schema must be a zod v4 schema, a JSON Schema or a genai Schema object.',
      argument: 'schema',
    });
  }
  const marks = { genai: false, json: false };
  collectMarks(schema, marks, new Set());
  if (marks.genai && marks.json) {
    throw new InvalidArgumentError({
      message:
        'The schema mixes genai Schema (UPPERCASE types) and JSON Schema (lowercase types); use one form.',
      argument: 'schema',
    });
  }
  return marks.json ? 'json-schema' : 'genai';
}

function collectMarks(
  node: unknown,
  marks: { genai: boolean; json: boolean },
  seen: Set<object>,
): void {
  if (!isPlainObject(node) || seen.has(node)) return;
  seen.add(node);
  const type = node['type'];
  if (typeof type === 'string') {
    if (GENAI_TYPES.has(type)) marks.genai = true;
    else if (JSON_TYPES.has(type)) marks.json = true;
    else {
      throw new InvalidArgumentError({
        message: `Unknown schema type "${type}": use JSON Schema types (string, integer, …) or genai types (STRING, INTEGER, …).`,
        argument: 'schema',
      });
    }
  } else if (Array.isArray(type)) {
    marks.json = true;
  }
  if (JSON_ONLY_KEYWORDS.some((keyword) => Object.hasOwn(node, keyword))) marks.json = true;
  for (const keyword of COUNT_KEYWORDS) {
    const count = node[keyword];
    if (typeof count === 'number') marks.json = true;
    else if (typeof count === 'string') marks.genai = true;
  }
  for (const key of ['properties', '$defs', 'definitions']) {
    const children = node[key];
    if (isPlainObject(children)) {
      for (const child of Object.values(children)) collectMarks(child, marks, seen);
    }
  }
  for (const key of ['items', 'additionalProperties']) collectMarks(node[key], marks, seen);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    const children = node[key];
    if (Array.isArray(children)) {
      for (const child of children) collectMarks(child, marks, seen);
    }
  }
}

/**
 * The JSON Schema of a zod v4 schema (`z.toJSONSchema`), without `$schema`.
 * Types zod cannot express in JSON Schema (dates, …) become `{}` (any).
 */
export function zodToJsonSchema(schema: z.ZodType, side: ZodSchemaSide = 'input'): JsonSchema {
  const json = z.toJSONSchema(schema, { io: side, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/**
 * Converts a schema in any of the three forms to the genai `Schema` sent to
 * the model: a genai `Schema` is deep-copied as it is; zod goes through
 * `zodToJsonSchema` (`side` chooses input or output types); JSON Schema is
 * converted by `jsonSchemaToGenaiSchema`.
 */
export function toGenaiSchema(schema: ToolSchema, side: ZodSchemaSide = 'input'): Schema {
  switch (schemaKind(schema)) {
    case 'zod':
      return jsonSchemaToGenaiSchema(zodToJsonSchema(schema as z.ZodType, side));
    case 'json-schema':
      return jsonSchemaToGenaiSchema(schema as JsonSchema);
    case 'genai':
      return deepClone(schema as Schema);
  }
}

interface ConversionState {
  readonly root: JsonSchema;
  /** The references being expanded on the current path, to stop cycles. */
  readonly refs: ReadonlySet<string>;
}

/**
 * Converts a JSON Schema to a genai `Schema` the way Python ADK builds
 * function declarations:
 *
 * - types become UPPERCASE (`integer` → `INTEGER`); a standalone `null` type
 *   becomes `NULL`;
 * - `null` in a type list or an `anyOf`/`oneOf` becomes `nullable: true`; a
 *   union left with one member collapses into it; a wider union becomes
 *   `anyOf` plus `type: OBJECT`, as Python writes `Union[...]`; a list of
 *   several types becomes such a union;
 * - property order is kept; `required` keeps the schema's order, minus
 *   properties that are nullable or have a default (Python's rule), and is
 *   left out when empty;
 * - `default` (unless null), `description`, `title`, `enum` (as strings;
 *   `const` becomes a one-value enum), `pattern`, `minimum`/`maximum`,
 *   counts (`minLength`, … written as strings, genai's int64 form),
 *   `items` and `propertyOrdering` are kept; `format` only where Gemini
 *   takes it (`int32`/`int64` on numbers, `date-time`/`enum` on strings);
 * - `$ref`s into `$defs`/`definitions` (or any JSON pointer) are inlined, a
 *   cycle becoming `{type: OBJECT, description: "Circular ref to <name>"}`;
 *   `allOf` members are merged; tuples (`prefixItems`) get `items` from
 *   their members; `additionalProperties` and other keywords are dropped;
 * - zod's safe-integer bounds on integers (±2^53−1) are dropped: they are
 *   not the author's constraint.
 */
export function jsonSchemaToGenaiSchema(schema: JsonSchemaDefinition): Schema {
  const root = typeof schema === 'boolean' ? {} : schema;
  return convert(schema, { root, refs: new Set() });
}

function convert(definition: JsonSchemaDefinition, state: ConversionState): Schema {
  const resolved = resolve(definition, state);
  if ('circular' in resolved) return resolved.circular;
  return convertNode(resolved.node, resolved.state);
}

type Resolved = { node: JsonSchema; state: ConversionState } | { circular: Schema };

function resolve(definition: JsonSchemaDefinition, state: ConversionState): Resolved {
  // Python maps both boolean schemas to an unconstrained object.
  if (typeof definition === 'boolean') return { node: { type: 'object' }, state };
  let node = definition;
  let current = state;
  while (typeof node.$ref === 'string') {
    const ref = node.$ref;
    const name = ref.split('/').pop() ?? ref;
    if (current.refs.has(ref)) {
      return { circular: { description: `Circular ref to ${name}`, type: genaiType('OBJECT') } };
    }
    const target = lookUpRef(ref, current.root);
    const { $ref: _ref, ...rest } = node;
    if (target === undefined) {
      node = rest;
      break;
    }
    current = { root: current.root, refs: new Set([...current.refs, ref]) };
    const base: JsonSchema = typeof target === 'boolean' ? { type: 'object' } : target;
    node = { ...base, ...rest };
  }
  if (Array.isArray(node.allOf)) node = mergeAllOf(node, current);
  return { node, state: current };
}

function lookUpRef(ref: string, root: JsonSchema): JsonSchemaDefinition | undefined {
  if (ref === '#') return root;
  if (ref.startsWith('#/')) {
    let target: unknown = root;
    for (const raw of ref.slice(2).split('/')) {
      const segment = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
      if (!isPlainObject(target) || !Object.hasOwn(target, segment)) {
        target = undefined;
        break;
      }
      target = target[segment];
    }
    if (isPlainObject(target) || typeof target === 'boolean') return target as JsonSchemaDefinition;
  }
  // Python looks the last segment up among the definitions.
  const name = ref.split('/').pop() ?? '';
  for (const defs of [root.definitions, root.$defs]) {
    if (isPlainObject(defs) && Object.hasOwn(defs, name)) return defs[name];
  }
  return undefined;
}

function mergeAllOf(node: JsonSchema, state: ConversionState): JsonSchema {
  const { allOf, ...merged } = node;
  for (const member of allOf ?? []) {
    const resolved = resolve(member, state);
    if ('circular' in resolved) continue;
    const part = resolved.node;
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties' && isPlainObject(value)) {
        merged.properties = { ...(merged.properties ?? {}), ...value } as Record<
          string,
          JsonSchemaDefinition
        >;
      } else if (key === 'required' && Array.isArray(value)) {
        merged.required = [...new Set([...(merged.required ?? []), ...(value as string[])])];
      } else if (!Object.hasOwn(merged, key)) {
        setOwn(merged, key, value);
      }
    }
  }
  return merged;
}

function isNullSchema(definition: JsonSchemaDefinition): boolean {
  if (typeof definition === 'boolean') return false;
  const type = definition.type;
  return type === 'null' || (Array.isArray(type) && type.length === 1 && type[0] === 'null');
}

function convertNode(node: JsonSchema, state: ConversionState): Schema {
  let nullable = node.nullable === true;
  const rawTypes: string[] =
    node.type === undefined ? [] : Array.isArray(node.type) ? [...node.type] : [node.type];
  if (rawTypes.includes('null')) nullable = true;
  const types = rawTypes.filter((type) => type !== 'null');
  let onlyNull = rawTypes.length > 0 && types.length === 0;

  const out: Partial<Record<GenaiSchemaKey, unknown>> = {};
  const branches = node.anyOf ?? node.oneOf;
  if (Array.isArray(branches)) {
    const members = branches.filter((branch) => !isNullSchema(branch));
    if (members.length < branches.length) nullable = true;
    if (members.length === 1) {
      // A one-member union is that member (Python's Optional[T]); the outer
      // schema's own keywords (description, default) win.
      const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = node;
      const resolved = resolve(members[0] as JsonSchemaDefinition, state);
      if ('circular' in resolved) return withNullable(resolved.circular, nullable);
      return convertNode(
        { ...resolved.node, ...rest, ...(nullable ? { nullable: true } : {}) },
        resolved.state,
      );
    }
    if (members.length > 1) {
      out.anyOf = dedupe(members.map((member) => convert(member, state)));
      if (types.length === 0) out.type = genaiType('OBJECT');
    } else if (types.length === 0) {
      onlyNull = true;
    }
  }
  if (types.length === 1) {
    out.type = genaiType((types[0] as string).toUpperCase());
  } else if (types.length > 1) {
    out.anyOf = dedupe([
      ...((out.anyOf as Schema[] | undefined) ?? []),
      ...types.map((type) => ({ type: genaiType(type.toUpperCase()) })),
    ]);
    out.type = genaiType('OBJECT');
  } else if (onlyNull && out.anyOf === undefined) {
    out.type = genaiType('NULL');
    nullable = node.nullable === true;
  }

  if (typeof node.description === 'string') out.description = node.description;
  if (typeof node.title === 'string') out.title = node.title;
  if (node.default !== undefined && node.default !== null) out.default = deepClone(node.default);
  if (node['example'] !== undefined) out.example = deepClone(node['example']);

  const enumValues = Array.isArray(node.enum)
    ? node.enum
    : node.const !== undefined
      ? [node.const]
      : undefined;
  if (enumValues !== undefined) {
    if (enumValues.includes(null)) nullable = true;
    const values = enumValues.filter((value) => value !== null);
    if (values.length > 0) {
      out.enum = values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
      if (out.type === undefined && values.every((value) => typeof value === 'string')) {
        out.type = genaiType('STRING');
      }
    }
  }

  const singleType = types.length === 1 ? types[0] : undefined;
  if (typeof node.format === 'string' && isGeminiFormat(singleType, node.format)) {
    out.format = node.format;
  }
  if (typeof node.pattern === 'string') out.pattern = node.pattern;
  for (const bound of ['minimum', 'maximum'] as const) {
    const value = node[bound];
    if (typeof value !== 'number') continue;
    if (singleType === 'integer' && Math.abs(value) === Number.MAX_SAFE_INTEGER) continue;
    out[bound] = value;
  }
  for (const count of COUNT_KEYWORDS) {
    const value = node[count];
    if (typeof value === 'number') out[count] = String(value);
  }

  if (Array.isArray(node.prefixItems) && node.prefixItems.length > 0) {
    const members = dedupe(node.prefixItems.map((member) => convert(member, state)));
    out.items = members.length === 1 ? members[0] : { anyOf: members, type: genaiType('OBJECT') };
  } else if (isPlainObject(node.items)) {
    out.items = convert(node.items as JsonSchema, state);
  }

  if (isPlainObject(node.properties)) {
    const properties: Record<string, Schema> = {};
    for (const [key, value] of Object.entries(node.properties)) {
      setOwn(properties, key, convert(value, state));
    }
    out.properties = properties;
    const required = [...new Set(node.required ?? [])].filter((key) => {
      if (!Object.hasOwn(properties, key)) return false;
      const property = properties[key] as Schema;
      return property.nullable !== true && property.default === undefined;
    });
    if (required.length > 0) out.required = required;
  }
  if (Array.isArray(node['propertyOrdering'])) {
    out.propertyOrdering = [...(node['propertyOrdering'] as string[])];
  }
  if (nullable) out.nullable = true;

  return orderGenaiSchema(out);
}

function withNullable(schema: Schema, nullable: boolean): Schema {
  if (!nullable) return schema;
  return orderGenaiSchema({ ...schema, nullable: true });
}

function isGeminiFormat(type: string | undefined, format: string): boolean {
  if (type === 'integer' || type === 'number') return format === 'int32' || format === 'int64';
  if (type === 'string') return format === 'date-time' || format === 'enum';
  return false;
}

function dedupe(schemas: Schema[]): Schema[] {
  const seen = new Set<string>();
  return schemas.filter((schema) => {
    const key = JSON.stringify(schema);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A genai `Type` value from its name (the enum itself is never loaded at run time). */
function genaiType(name: string): NonNullable<Schema['type']> {
  return name as NonNullable<Schema['type']>;
}
