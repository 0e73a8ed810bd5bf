import { NestingTooDeepError } from '../errors/nesting-too-deep-error.js';
import { getOwn, hasOwn, setOwn } from '../utils/get-own.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { MAX_STORED_NESTING_DEPTH } from '../utils/nesting-depth.js';

/**
 * How a value found under one key is converted between Python's snake_case
 * field names and the camelCase of its aliases:
 * - `verbatim`: the user's own data; copied deeply with its keys and `null`s as written.
 * - `dict`: an object whose keys are ids or names (kept as written) and
 *   whose values are converted by `values`.
 * - `model`: an ADK or genai object; its keys are re-cased, `null` fields are
 *   dropped (Python's `exclude_none`), and each field is converted by its
 *   entry in `fields` (named in camelCase), or as a nested model when unlisted.
 *   A model with `snakeCaseOnly` has no camelCase aliases in Python (e.g.
 *   `CacheMetadata`, `EvalSet`): its keys are written snake_case in both forms.
 *   `defaults` (camelCase field → default value) are the values Python's
 *   `exclude_defaults` leaves out, used when `dropDefaults` is asked for.
 *   `order` (camelCase field names) is the pydantic declaration order its
 *   fields are written in; fields it does not list follow, as found.
 * An array is converted element by element with the rule of the key holding it.
 */
export type CasingRule =
  | { readonly kind: 'verbatim' }
  | { readonly kind: 'dict'; readonly values: CasingRule }
  | ModelCasingRule;

/** The `model` kind of `CasingRule`. */
export interface ModelCasingRule {
  readonly kind: 'model';
  readonly fields: Readonly<Record<string, CasingRule>>;
  readonly snakeCaseOnly?: boolean;
  readonly defaults?: Readonly<Record<string, unknown>>;
  /** Fields Python types as `float` (camelCase): written `1.0`, not `1`, when `markFloats` is asked for. */
  readonly floats?: readonly string[];
  /** The fields in Python's declaration order (camelCase); unlisted fields come after them, as found. */
  readonly order?: readonly string[];
}

/**
 * A number Python holds as a `float`, boxed by `convertCasing` with
 * `markFloats` so that a JSON writer can spell a whole value `1.0` as
 * pydantic does. Only model fields are boxed, never the user's data.
 */
export class PythonFloat {
  constructor(readonly value: number) {}
}

/** The user's own data: copied as written. */
export const VERBATIM: CasingRule = { kind: 'verbatim' };

/**
 * A model rule; `options` marks snake_case-only models, the defaults
 * `dropDefaults` omits, the float fields and the field order.
 */
export function modelRule(
  fields: Record<string, CasingRule> = {},
  options: {
    snakeCaseOnly?: boolean;
    defaults?: Record<string, unknown>;
    floats?: readonly string[];
    order?: readonly string[];
  } = {},
): ModelCasingRule {
  return { kind: 'model', fields, ...options };
}

/** A dict keyed by ids or names whose values follow `values`. */
export function dictRule(values: CasingRule): CasingRule {
  return { kind: 'dict', values };
}

const NESTED_MODEL = modelRule();

/** Re-cases a model key (given in camelCase). */
export type Rename = (camelCaseKey: string) => string;

/** Leaves keys as they are; parsing (reading both spellings into camelCase) uses it. */
export const keepKey: Rename = (key) => key;

/**
 * The same renaming as `keepKey`, told apart from it: it writes camelCase
 * JSON, where `snakeCaseOnly` models still use snake_case.
 */
export const writeCamelCase: Rename = (key) => key;

/** `functionCall` → `function_call`: the inverse of pydantic's `to_camel` on field names. */
export const toSnakeCase: Rename = (key) =>
  /[A-Z]/.test(key) ? key.replace(/(?<=[a-z0-9])[A-Z]/g, (c) => `_${c.toLowerCase()}`) : key;

/** `function_call` → `functionCall`; camelCase keys and leading underscores are left alone. */
export function toCamelCase(key: string): string {
  return key.includes('_')
    ? key.replace(/(?<=[A-Za-z0-9])_([a-z0-9])/g, (_match, c: string) => c.toUpperCase())
    : key;
}

/** How one conversion runs. */
export interface CasingOptions {
  /** Re-cases model keys: `keepKey` to parse, `toSnakeCase` or `writeCamelCase` to write. */
  readonly rename: Rename;
  /** Renames the user's keys (see `protoKeyStandIn`); `keepKey` when none is needed. */
  readonly dataKey?: Rename;
  /** Leave out model fields equal to their rule's `defaults` (Python's `exclude_defaults`). */
  readonly dropDefaults?: boolean;
  /** Box the rule's `floats` fields in `PythonFloat`. */
  readonly markFloats?: boolean;
  /** Names the value in `NestingTooDeepError`. */
  readonly argument: string;
}

/**
 * `value` converted by `rule`. Model keys are read in either spelling (the
 * camelCase one wins when both are given, as pydantic's alias does), `null`
 * model fields are dropped, fields a rule orders are put in that order
 * (then the others as found), user data is copied as written. The result shares
 * no objects or arrays with `value`. Throws `NestingTooDeepError` for a value
 * nesting deeper than `MAX_STORED_NESTING_DEPTH` levels (`value` is level 1).
 */
export function convertCasing(value: unknown, rule: CasingRule, options: CasingOptions): unknown {
  return convert(value, rule, options, 1);
}

function convert(value: unknown, rule: CasingRule, options: CasingOptions, depth: number): unknown {
  if (rule.kind === 'verbatim') return copyVerbatim(value, options, depth);
  if (Array.isArray(value)) {
    checkDepth(depth, options);
    return value.map((item: unknown) => convert(item, rule, options, depth + 1));
  }
  if (!isPlainObject(value)) return value;
  if (rule.kind === 'model') return convertModel(value, rule, options, depth);
  checkDepth(depth, options);
  const out: Record<string, unknown> = {};
  const dataKey = options.dataKey ?? keepKey;
  for (const [key, item] of Object.entries(value)) {
    setOwn(out, dataKey(key), convert(item, rule.values, options, depth + 1));
  }
  return out;
}

function convertModel(
  value: Readonly<Record<string, unknown>>,
  rule: ModelCasingRule,
  options: CasingOptions,
  depth: number,
): Record<string, unknown> {
  checkDepth(depth, options);
  const out: Record<string, unknown> = {};
  const { rename } = options;
  for (const [key, item] of orderedEntries(value, rule.order)) {
    if (item === null || item === undefined) continue;
    const name = toCamelCase(key);
    // pydantic gives the alias (camelCase) precedence over the field name.
    if (name !== key && hasOwn(value, name)) continue;
    if (options.dropDefaults && rule.defaults && hasOwn(rule.defaults, name)) {
      if (sameJson(item, getOwn(rule.defaults, name))) continue;
    }
    const fieldRule = getOwn(rule.fields, name) ?? NESTED_MODEL;
    // Parsing (`keepKey`) still reads both spellings into camelCase.
    const outKey = rule.snakeCaseOnly && rename !== keepKey ? toSnakeCase(name) : rename(name);
    const boxed = options.markFloats && typeof item === 'number' && rule.floats?.includes(name);
    setOwn(
      out,
      outKey,
      boxed ? new PythonFloat(item) : convert(item, fieldRule, options, depth + 1),
    );
  }
  return out;
}

/** `value`'s entries, those `order` names (in either spelling) first in its order, the rest as found. */
function orderedEntries(
  value: Readonly<Record<string, unknown>>,
  order: readonly string[] | undefined,
): [string, unknown][] {
  const entries = Object.entries(value);
  if (!order || order.length === 0) return entries;
  const rank = (key: string): number => {
    const index = order.indexOf(toCamelCase(key));
    return index === -1 ? order.length : index;
  };
  // Array.prototype.sort is stable, so equal ranks keep their order.
  return entries
    .map((entry) => ({ entry, rank: rank(entry[0]) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ entry }) => entry);
}

function copyVerbatim(value: unknown, options: CasingOptions, depth: number): unknown {
  if (Array.isArray(value)) {
    checkDepth(depth, options);
    return value.map((item: unknown) => copyVerbatim(item, options, depth + 1));
  }
  if (!isPlainObject(value)) return value;
  checkDepth(depth, options);
  const out: Record<string, unknown> = {};
  const dataKey = options.dataKey ?? keepKey;
  for (const [key, item] of Object.entries(value))
    setOwn(out, dataKey(key), copyVerbatim(item, options, depth + 1));
  return out;
}

// Defaults are small literals (0, '', [], {}), so comparing their JSON is exact.
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function checkDepth(depth: number, options: CasingOptions): void {
  if (depth > MAX_STORED_NESTING_DEPTH) {
    throw new NestingTooDeepError({ argument: options.argument, limit: MAX_STORED_NESTING_DEPTH });
  }
}

/**
 * An issue path spelled as the caller wrote it: model fields in the wire
 * casing (`wireKey`), user keys as they are (`dataKeyName` undoes a stand-in).
 */
export function wireIssuePath(
  path: readonly PropertyKey[],
  root: CasingRule,
  wireKey: Rename,
  dataKeyName: (key: string) => string = (key) => key,
): string {
  let rule: CasingRule = root;
  const segments: string[] = [];
  for (const segment of path) {
    if (typeof segment !== 'string') {
      segments.push(`[${String(segment)}]`);
      continue;
    }
    const key = rule.kind === 'model' ? wireKey(segment) : dataKeyName(segment);
    segments.push(/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);
    if (rule.kind === 'model') rule = getOwn(rule.fields, segment) ?? NESTED_MODEL;
    else if (rule.kind === 'dict') rule = rule.values;
  }
  return segments.join('').replace(/^\./, '');
}
