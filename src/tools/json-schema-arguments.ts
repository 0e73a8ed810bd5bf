import type { JsonSchema, JsonSchemaDefinition } from './schema-conversion.js';
import { isPlainObject } from '../utils/is-plain-object.js';

/** What checking a tool call's arguments against a JSON Schema found. */
export interface ArgumentCheck {
  /** Required top-level parameters the call left out, in the schema's order. */
  missing: string[];
  /** One line per wrong value: `Parameter '<path>': <what is wrong>`. */
  errors: string[];
}

/**
 * Checks a tool call's arguments against the JSON Schema of its parameters,
 * without any dependency: the types (`string`, `integer`, `number`,
 * `boolean`, `array`, `object`, `null`; type lists; OpenAPI `nullable`),
 * `enum`/`const`, `anyOf`/`oneOf` (at least one member must match), `allOf`,
 * nested `properties` and `required`, `items`/`prefixItems`, and local
 * `$ref`s. Other keywords (lengths, patterns, bounds) are not checked.
 * Missing top-level parameters are reported apart, in `missing`, because
 * the tool answers them with Python's "mandatory input parameters" message;
 * one with a `default` is never missing.
 */
export function checkJsonSchemaArguments(
  args: Readonly<Record<string, unknown>>,
  schema: JsonSchema,
): ArgumentCheck {
  const context: CheckContext = { root: schema, errors: [] };
  const node = resolve(schema, context, new Set());
  // A parameter with a default is never mandatory: the default fills it in.
  const properties = isPlainObject(node?.properties) ? node.properties : {};
  const missing = (node?.required ?? []).filter(
    (key, index, all) =>
      all.indexOf(key) === index && !Object.hasOwn(args, key) && !hasDefault(properties[key]),
  );
  if (node !== undefined) checkObjectMembers(args, node, '', context, new Set(), false);
  return { missing, errors: context.errors };
}

interface CheckContext {
  readonly root: JsonSchema;
  readonly errors: string[];
}

function resolve(
  definition: JsonSchemaDefinition,
  context: CheckContext,
  refs: Set<string>,
): JsonSchema | undefined {
  if (typeof definition === 'boolean') return definition ? {} : { not: {} };
  let node = definition;
  while (typeof node.$ref === 'string') {
    const ref = node.$ref;
    // A reference already being followed adds no new constraint.
    if (refs.has(ref)) return {};
    refs.add(ref);
    const target = lookUp(ref, context.root);
    const { $ref: _ref, ...rest } = node;
    if (target === undefined) return rest;
    node =
      typeof target === 'boolean' ? (target ? rest : { ...rest, not: {} }) : { ...target, ...rest };
  }
  return node;
}

function lookUp(ref: string, root: JsonSchema): JsonSchemaDefinition | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let target: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const segment = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isPlainObject(target) || !Object.hasOwn(target, segment)) return undefined;
    target = target[segment];
  }
  return isPlainObject(target) || typeof target === 'boolean'
    ? (target as JsonSchemaDefinition)
    : undefined;
}

function check(
  value: unknown,
  definition: JsonSchemaDefinition,
  path: string,
  context: CheckContext,
  refs: Set<string>,
): void {
  const node = resolve(definition, context, new Set(refs));
  if (node === undefined) return;
  if (
    Object.hasOwn(node, 'not') &&
    isPlainObject(node['not']) &&
    Object.keys(node['not']).length === 0
  ) {
    context.errors.push(`Parameter '${path}': no value is allowed here`);
    return;
  }
  for (const member of node.allOf ?? []) check(value, member, path, context, refs);

  const branches = node.anyOf ?? node.oneOf;
  if (Array.isArray(branches) && branches.length > 0) {
    const matches = branches.some((branch) => {
      const trial: CheckContext = { root: context.root, errors: [] };
      check(value, branch, path, trial, refs);
      return trial.errors.length === 0;
    });
    if (!matches) {
      context.errors.push(`Parameter '${path}': does not match any of the allowed schemas`);
      return;
    }
  }

  const types: string[] =
    node.type === undefined ? [] : Array.isArray(node.type) ? [...node.type] : [node.type];
  if (value === null) {
    const allowed = node.nullable === true || types.length === 0 || types.includes('null');
    if (!allowed) {
      context.errors.push(
        `Parameter '${path}': expected type '${types.join("' or '")}', got 'null'`,
      );
      return;
    }
  } else if (types.length > 0 && !types.some((type) => hasType(value, type))) {
    context.errors.push(
      `Parameter '${path}': expected type '${types.join("' or '")}', got '${typeName(value)}'`,
    );
    return;
  }

  if (Array.isArray(node.enum) && !node.enum.some((option) => sameValue(option, value))) {
    if (!(value === null && node.nullable === true)) {
      context.errors.push(
        `Parameter '${path}': must be one of ${node.enum.map((option) => JSON.stringify(option)).join(', ')}`,
      );
    }
  }
  if (node.const !== undefined && !sameValue(node.const, value)) {
    context.errors.push(`Parameter '${path}': must be ${JSON.stringify(node.const)}`);
  }

  if (isPlainObject(value)) {
    checkObjectMembers(value, node, path, context, refs, true);
  } else if (Array.isArray(value)) {
    const prefix = node.prefixItems ?? [];
    value.forEach((item, index) => {
      const itemSchema = index < prefix.length ? prefix[index] : node.items;
      if (itemSchema !== undefined) check(item, itemSchema, `${path}[${index}]`, context, refs);
    });
  }
}

function checkObjectMembers(
  value: Readonly<Record<string, unknown>>,
  node: JsonSchema,
  path: string,
  context: CheckContext,
  refs: Set<string>,
  checkRequired: boolean,
): void {
  const properties = isPlainObject(node.properties) ? node.properties : {};
  if (checkRequired) {
    for (const key of node.required ?? []) {
      if (!Object.hasOwn(value, key)) {
        context.errors.push(`Parameter '${join(path, key)}': missing required property`);
      }
    }
  }
  for (const [key, member] of Object.entries(value)) {
    const schema = Object.hasOwn(properties, key)
      ? properties[key]
      : isPlainObject(node.additionalProperties)
        ? (node.additionalProperties as JsonSchema)
        : undefined;
    if (schema !== undefined) check(member, schema, join(path, key), context, refs);
  }
}

function hasDefault(definition: JsonSchemaDefinition | undefined): boolean {
  return isPlainObject(definition) && definition['default'] !== undefined;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
    case 'null':
      return value === null;
    default:
      return true;
  }
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function sameValue(left: unknown, right: unknown): boolean {
  return left === right || JSON.stringify(left) === JSON.stringify(right);
}
