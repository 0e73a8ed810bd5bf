import type { z } from 'zod';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import {
  PythonFloat,
  convertCasing,
  keepKey,
  toSnakeCase,
  wireIssuePath,
  writeCamelCase,
  type CasingRule,
} from '../events/json-casing.js';
import {
  originalDataKey,
  protoKeyStandIn,
  restoreProtoKeys,
} from '../events/proto-key-stand-in.js';
import { isPlainObject } from '../utils/is-plain-object.js';

/**
 * Reads `json` as the eval object `schema` describes. Like pydantic with
 * `populate_by_name`, model fields are accepted in snake_case or camelCase
 * (camelCase wins when both are given), `null` fields count as absent, the
 * user's data (state, tool args and responses) is kept as written. Throws
 * `InvalidArgumentError` (`argument` names the object) when `json` does not
 * fit, naming up to five problems by their path as written.
 */
export function parseEvalJson<S extends z.ZodType>(
  schema: S,
  rule: CasingRule,
  json: unknown,
  argument: string,
): z.output<S> {
  if (!isPlainObject(json)) {
    throw new InvalidArgumentError({
      argument,
      message: `${argument} JSON must be an object, got ${describe(json)}.`,
    });
  }
  const standIn = protoKeyStandIn();
  const recased = convertCasing(json, rule, {
    rename: keepKey,
    dataKey: standIn.dataKey,
    argument,
  });
  const result = schema.safeParse(recased);
  if (result.success) {
    return standIn.used() ? restoreProtoKeys(result.data) : result.data;
  }
  const problems = result.error.issues.slice(0, 5).map((issue) => {
    const path = wireIssuePath(issue.path, rule, (key) => key, originalDataKey);
    return `${path || '(root)'}: ${issue.message}`;
  });
  throw new InvalidArgumentError({
    argument,
    message: `Invalid ${argument} JSON: ${problems.join('; ')}.`,
    cause: result.error,
  });
}

/** How `evalToPythonJson` writes. */
export interface PythonJsonWriteOptions {
  /** Leave out fields equal to their default (`exclude_defaults=True`, as eval set files are written). */
  readonly dropDefaults?: boolean;
  /** Box Python `float` fields in `PythonFloat` for `pythonModelJsonText`. */
  readonly markFloats?: boolean;
}

/**
 * `value` (validated by `schema` first, which also puts its fields in
 * Python's declaration order) as Python's `model_dump(mode='json')` writes
 * it: snake_case field names at every depth of ADK and genai objects, user
 * data as written, `None` fields left out.
 */
export function evalToPythonJson<S extends z.ZodType>(
  schema: S,
  rule: CasingRule,
  value: z.input<S>,
  argument: string,
  options: PythonJsonWriteOptions = {},
): Record<string, unknown> {
  const valid = schema.parse(value);
  return convertCasing(valid, rule, { rename: toSnakeCase, argument, ...options }) as Record<
    string,
    unknown
  >;
}

/**
 * `value` (validated by `schema` first) as the HTTP API returns it
 * (`model_dump(by_alias=True)`): camelCase field names except in
 * snake_case-only models, user data as written, `None` fields left out.
 */
export function evalToCamelCaseJson<S extends z.ZodType>(
  schema: S,
  rule: CasingRule,
  value: z.input<S>,
  argument: string,
): Record<string, unknown> {
  const valid = schema.parse(value);
  return convertCasing(valid, rule, { rename: writeCamelCase, argument }) as Record<
    string,
    unknown
  >;
}

/**
 * The text pydantic's `model_dump_json(indent=2)` writes for a converted
 * value: two-space indentation, `"key": value`, non-ASCII written as is, and
 * `PythonFloat` boxes spelled as Python floats (`1.0`, `0.5`, `1e-05`).
 * Without `indent` it writes pydantic's compact form (no spaces).
 */
export function pythonModelJsonText(value: unknown, indent?: number): string {
  return render(value, indent, 0);
}

function render(value: unknown, indent: number | undefined, depth: number): string {
  if (value instanceof PythonFloat) return pythonFloat(value.value);
  if (Array.isArray(value)) {
    return wrap(
      value.map((item: unknown) => render(item, indent, depth + 1)),
      '[',
      ']',
      indent,
      depth,
    );
  }
  if (isPlainObject(value)) {
    const items = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => {
        const separator = indent === undefined ? ':' : ': ';
        return `${JSON.stringify(key)}${separator}${render(item, indent, depth + 1)}`;
      });
    return wrap(items, '{', '}', indent, depth);
  }
  if (value === undefined) return 'null';
  return JSON.stringify(value);
}

function wrap(
  items: string[],
  open: string,
  close: string,
  indent: number | undefined,
  depth: number,
): string {
  if (items.length === 0) return `${open}${close}`;
  if (indent === undefined) return `${open}${items.join(',')}${close}`;
  const inner = ' '.repeat(indent * (depth + 1));
  const outer = ' '.repeat(indent * depth);
  return `${open}\n${items.map((item) => inner + item).join(',\n')}\n${outer}${close}`;
}

/** `1` → `1.0`, `1e-7` → `1e-07`, as Python's `repr(float)` spells them. */
export function pythonFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  if (value !== 0 && (Math.abs(value) < 1e-4 || Math.abs(value) >= 1e16)) {
    const [mantissa = '', exponent = ''] = value.toExponential().split('e');
    const sign = exponent.startsWith('-') ? '-' : '+';
    const digits = exponent.replace(/^[+-]/, '').padStart(2, '0');
    return `${mantissa}e${sign}${digits}`;
  }
  const text = String(value);
  return /[.e]/.test(text) ? text : `${text}.0`;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'a non-plain object' : `a ${typeof value}`;
}
