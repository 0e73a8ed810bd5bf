import {
  CONTENT_CASING_RULE,
  PART_CASING_RULE,
  SCHEMA_CASING_RULE,
  TOOL_CASING_RULE,
} from '../events/genai-casing.js';
import {
  VERBATIM as VERBATIM_RULE,
  convertCasing,
  keepKey,
  modelRule,
  toCamelCase,
  toSnakeCase,
  type CasingRule,
  type ModelCasingRule,
} from '../events/json-casing.js';

/*
 * The genai and LLM request/response casing tables of config files, HTTP
 * bodies and conformance recordings. They are the casing tables of
 * `events/json-casing.ts` (one system: genai objects ordered as Python
 * declares them, user data kept as written); this module names the ones
 * its callers use.
 */

/** How the keys of a value are re-cased (a `CasingRule` of `events/json-casing.ts`). */
export type KeyRule = CasingRule;

/** A genai/ADK object whose fields are re-cased (see `KeyRule`). */
export type ModelKeyRule = ModelCasingRule;

/** Keeps user data as written. */
export const VERBATIM: KeyRule = VERBATIM_RULE;

/** A genai `Schema` (recursive through properties, items, anyOf and defs). */
export const SCHEMA_RULE: ModelKeyRule = SCHEMA_CASING_RULE;

/** A genai `Content` (function-call args and function-response payloads are data). */
export const CONTENT_RULE: ModelKeyRule = CONTENT_CASING_RULE;

/** A genai `Part` (the element rule of `Content.parts`). */
export const PART_RULE: ModelKeyRule = PART_CASING_RULE;

/** A genai `Tool` (function declarations with their schemas). */
export const TOOL_RULE: ModelKeyRule = TOOL_CASING_RULE;

const HTTP_OPTIONS_RULE = modelRule({ headers: VERBATIM, extraBody: VERBATIM });

/** A genai `GenerateContentConfig`. */
export const GENERATE_CONTENT_CONFIG_RULE: ModelKeyRule = modelRule({
  systemInstruction: CONTENT_RULE,
  tools: TOOL_RULE,
  responseSchema: SCHEMA_RULE,
  responseJsonSchema: VERBATIM,
  labels: VERBATIM,
  httpOptions: HTTP_OPTIONS_RULE,
});

/** An ADK `LlmRequest` as Python dumps it (`model`, `contents`, `config`, ...). */
export const LLM_REQUEST_RULE: ModelKeyRule = modelRule({
  contents: CONTENT_RULE,
  config: GENERATE_CONTENT_CONFIG_RULE,
  liveConnectConfig: VERBATIM,
  // ContextCacheConfig and CacheMetadata are pydantic models without aliases: snake_case keys.
  cacheConfig: modelRule({ createHttpOptions: HTTP_OPTIONS_RULE }),
  cacheMetadata: modelRule(),
});

/** An ADK `LlmResponse` as Python dumps it. */
export const LLM_RESPONSE_RULE: ModelKeyRule = modelRule({
  content: CONTENT_RULE,
  customMetadata: VERBATIM,
  cacheMetadata: modelRule(),
});

/** `function_call` → `functionCall` (pydantic's `to_camel`); camelCase keys and leading underscores stay. */
export const toCamelKey: (key: string) => string = toCamelCase;

/** `functionCall` → `function_call`: a Python field name from its camelCase alias. */
export const toSnakeKey: (key: string) => string = toSnakeCase;

/**
 * `value` with its model keys camelCased (snake_case and camelCase input
 * alike, as pydantic's `populate_by_name` accepts both) following `rule`.
 * Shares no objects or arrays with `value`. Throws `NestingTooDeepError`
 * for a value nesting deeper than `MAX_STORED_NESTING_DEPTH` levels.
 */
export function toCamelCaseKeys(value: unknown, rule: KeyRule): unknown {
  return convertCasing(value, rule, { rename: keepKey, argument: 'value' });
}

/**
 * `value` (camelCase) with its model keys snake_cased following `rule`, as
 * Python's `model_dump(exclude_none=True)` writes it (genai fields in
 * Python's declaration order). Shares no objects or arrays with `value`.
 * Throws `NestingTooDeepError` for a value nesting deeper than
 * `MAX_STORED_NESTING_DEPTH` levels.
 */
export function toSnakeCaseKeys(value: unknown, rule: KeyRule): unknown {
  return convertCasing(value, rule, { rename: toSnakeCase, argument: 'value' });
}
