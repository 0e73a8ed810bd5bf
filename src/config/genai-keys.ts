import { getOwn, setOwn } from '../utils/get-own.js';
import { isPlainObject } from '../utils/is-plain-object.js';

/**
 * How the keys of a value are re-cased between Python's snake_case dumps of
 * genai/ADK objects and our camelCase objects:
 * - `verbatim`: the user's own data (function-call arguments, tool results,
 *   labels, JSON schemas); copied deeply with its keys and nulls as written.
 * - `dict`: an object keyed by the user's names (schema `properties`) whose
 *   values follow `values`.
 * - `model`: a genai/ADK object: keys re-cased, null and undefined fields
 *   dropped (pydantic's `exclude_none`, and how pydantic reads an explicit
 *   null), each field converted by its entry in `fields` (named in
 *   camelCase) or as a nested model when unlisted.
 * An array is converted element by element with the rule of its key.
 */
export type KeyRule =
  | { readonly kind: 'verbatim' }
  | { readonly kind: 'dict'; readonly values: KeyRule }
  | ModelKeyRule;

/** A genai/ADK object whose fields are re-cased (see `KeyRule`). */
export interface ModelKeyRule {
  readonly kind: 'model';
  readonly fields: Readonly<Record<string, KeyRule>>;
}

/** Keeps user data as written. */
export const VERBATIM: KeyRule = { kind: 'verbatim' };

function model(fields: Record<string, KeyRule> = {}): ModelKeyRule {
  return { kind: 'model', fields };
}

const NESTED_MODEL = model();

// A genai Schema: `properties` is keyed by the user's names, and the values it
// describes (default, enum, example) are data.
const schemaFields: Record<string, KeyRule> = {
  default: VERBATIM,
  enum: VERBATIM,
  example: VERBATIM,
  required: VERBATIM,
  propertyOrdering: VERBATIM,
};
/** A genai `Schema` (recursive through properties, items and anyOf). */
export const SCHEMA_RULE: ModelKeyRule = model(schemaFields);
schemaFields['properties'] = { kind: 'dict', values: SCHEMA_RULE };
schemaFields['items'] = SCHEMA_RULE;
schemaFields['anyOf'] = SCHEMA_RULE;

/** A genai `Content` (function-call args and function-response payloads are data). */
export const CONTENT_RULE: ModelKeyRule = model({
  parts: model({
    functionCall: model({ args: VERBATIM, partialArgs: VERBATIM }),
    functionResponse: model({ response: VERBATIM }),
    partMetadata: VERBATIM,
  }),
});

/** A genai `Tool` (function declarations with their schemas). */
export const TOOL_RULE: ModelKeyRule = model({
  functionDeclarations: model({
    parameters: SCHEMA_RULE,
    response: SCHEMA_RULE,
    parametersJsonSchema: VERBATIM,
    responseJsonSchema: VERBATIM,
  }),
});

/** A genai `GenerateContentConfig`. */
export const GENERATE_CONTENT_CONFIG_RULE: ModelKeyRule = model({
  systemInstruction: CONTENT_RULE,
  tools: TOOL_RULE,
  responseSchema: SCHEMA_RULE,
  responseJsonSchema: VERBATIM,
  labels: VERBATIM,
  httpOptions: model({ headers: VERBATIM, extraBody: VERBATIM }),
});

/** An ADK `LlmRequest` as Python dumps it (`model`, `contents`, `config`, ...). */
export const LLM_REQUEST_RULE: ModelKeyRule = model({
  contents: CONTENT_RULE,
  config: GENERATE_CONTENT_CONFIG_RULE,
  liveConnectConfig: VERBATIM,
  // ContextCacheConfig and CacheMetadata are pydantic models without aliases: snake_case keys.
  cacheConfig: model({ createHttpOptions: model({ headers: VERBATIM, extraBody: VERBATIM }) }),
  cacheMetadata: NESTED_MODEL,
});

/** An ADK `LlmResponse` as Python dumps it. */
export const LLM_RESPONSE_RULE: ModelKeyRule = model({
  content: CONTENT_RULE,
  customMetadata: VERBATIM,
  cacheMetadata: NESTED_MODEL,
});

/** `function_call` → `functionCall` (pydantic's `to_camel`); camelCase keys and leading underscores stay. */
export function toCamelKey(key: string): string {
  return key.includes('_')
    ? key.replace(/(?<=[A-Za-z0-9])_([a-z0-9])/g, (_match, c: string) => c.toUpperCase())
    : key;
}

/** `functionCall` → `function_call`: a Python field name from its camelCase alias. */
export function toSnakeKey(key: string): string {
  return /[A-Z]/.test(key) ? key.replace(/(?<=[a-z0-9])[A-Z]/g, (c) => `_${c.toLowerCase()}`) : key;
}

/**
 * `value` with its model keys camelCased (snake_case and camelCase input
 * alike, as pydantic's `populate_by_name` accepts both) following `rule`.
 * Shares no objects or arrays with `value`.
 */
export function toCamelCaseKeys(value: unknown, rule: KeyRule): unknown {
  return convert(value, rule, (key) => key);
}

/**
 * `value` (camelCase) with its model keys snake_cased following `rule`, as
 * Python's `model_dump(exclude_none=True)` writes it. Shares no objects or
 * arrays with `value`.
 */
export function toSnakeCaseKeys(value: unknown, rule: KeyRule): unknown {
  return convert(value, rule, toSnakeKey);
}

function convert(value: unknown, rule: KeyRule, rename: (camelKey: string) => string): unknown {
  if (rule.kind === 'verbatim') return copyVerbatim(value);
  if (Array.isArray(value)) return value.map((item: unknown) => convert(item, rule, rename));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  if (rule.kind === 'dict') {
    for (const [key, item] of Object.entries(value)) {
      setOwn(out, key, convert(item, rule.values, rename));
    }
    return out;
  }
  for (const [key, item] of Object.entries(value)) {
    if (item === null || item === undefined) continue;
    const camel = toCamelKey(key);
    // pydantic gives the alias (camelCase) precedence when both spellings are present.
    if (camel !== key && Object.hasOwn(value, camel)) continue;
    const fieldRule = getOwn(rule.fields, camel) ?? NESTED_MODEL;
    setOwn(out, rename(camel), convert(item, fieldRule, rename));
  }
  return out;
}

function copyVerbatim(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyVerbatim);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) setOwn(out, key, copyVerbatim(item));
  return out;
}

/** A genai `Part` (the element rule of `Content.parts`). */
export const PART_RULE: KeyRule = CONTENT_RULE.fields['parts']!;
