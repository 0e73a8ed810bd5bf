import type { Context } from 'hono';
import type { z } from 'zod';
import {
  RequestValidationError,
  type RequestValidationIssue,
} from '../errors/request-validation-error.js';
import { getOwn } from '../utils/get-own.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { pathIdProblem } from '../utils/stored-id.js';
import { jsonLimitIssues } from './json-limits.js';
import { camelCaseRequestKeys } from './request-schemas.js';

/**
 * The request body parsed as JSON and validated by `schema`. An empty body
 * is `undefined` given to the schema (so an optional body may be left out).
 * Throws `RequestValidationError` (422) for malformed JSON, a body nested
 * more than `MAX_REQUEST_NESTING_DEPTH` levels or holding a string with a
 * NUL character or an unpaired surrogate (`jsonLimitIssues`), or a body that
 * does not fit, with FastAPI's issue shape (`loc` starting with `body`).
 */
export async function readJsonBody<T>(context: Context, schema: z.ZodType<T>): Promise<T> {
  const text = await context.req.text();
  let body: unknown = undefined;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw new RequestValidationError({
        issues: [{ type: 'json_invalid', loc: ['body'], msg: 'JSON decode error' }],
        cause: error,
      });
    }
    const issues = jsonLimitIssues(body, 'body');
    if (issues.length > 0) throw new RequestValidationError({ issues });
  }
  return validate(schema, body, 'body');
}

/**
 * The path parameter `name`, checked as a user or session id of the HTTP
 * API (`pathIdProblem`); a bad one is a `RequestValidationError` (422)
 * located at `["path", name]`.
 */
export function readIdParam(context: Context, name: string): string {
  const id = context.req.param(name) ?? '';
  const problem = pathIdProblem(id);
  if (problem !== undefined) {
    throw new RequestValidationError({
      issues: [{ type: 'value_error', loc: ['path', name], msg: `Invalid id: it ${problem}` }],
    });
  }
  return id;
}

/** `value` validated by `schema`; issues are located under `location` (`body`, `query`, `path`). */
export function validate<T>(schema: z.ZodType<T>, value: unknown, location: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const normalized = camelCaseRequestKeys(value);
  throw new RequestValidationError({
    issues: result.error.issues.map((issue) => toIssue(issue, normalized, location)),
    cause: result.error,
  });
}

function toIssue(
  issue: z.core.$ZodIssue,
  input: unknown,
  location: string,
): RequestValidationIssue {
  const path = issue.path.map((segment) =>
    typeof segment === 'number' ? segment : String(segment),
  );
  const missing =
    (issue.code === 'invalid_type' || issue.code === 'custom') &&
    valueAt(input, path) === undefined;
  return {
    type: missing ? 'missing' : issue.code,
    loc: [location, ...path],
    msg: missing ? 'Field required' : issue.message,
  };
}

function valueAt(input: unknown, path: readonly (string | number)[]): unknown {
  let current = input;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (isPlainObject(current)) current = getOwn(current, String(segment));
    else return undefined;
  }
  return current;
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on', 't', 'y']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off', 'f', 'n']);

/** A boolean as pydantic reads one from a string (`true/1/yes/on`, `false/0/no/off`, any case), or undefined. */
export function parseBooleanWord(raw: string): boolean | undefined {
  const word = raw.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

/**
 * A boolean query parameter read as pydantic reads one (`true/1/yes/on`,
 * `false/0/no/off`, any case); `fallback` when absent. Anything else is a
 * `RequestValidationError` (422).
 */
export function readBooleanQuery(context: Context, name: string, fallback: boolean): boolean {
  const raw = context.req.query(name);
  if (raw === undefined) return fallback;
  const value = parseBooleanWord(raw);
  if (value !== undefined) return value;
  throw new RequestValidationError({
    issues: [
      {
        type: 'bool_parsing',
        loc: ['query', name],
        msg: 'Input should be a valid boolean, unable to interpret input',
      },
    ],
  });
}

/**
 * An integer read as Python's `int()` reads a string (optional sign,
 * digits, surrounding spaces), or undefined when it is not one.
 */
export function parseInteger(raw: string): number | undefined {
  const text = raw.trim();
  if (!/^[+-]?\d+$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** An optional integer query parameter; 422 when present and not an integer. */
export function readIntegerQuery(context: Context, name: string): number | undefined {
  const raw = context.req.query(name);
  if (raw === undefined || raw === '') return undefined;
  const value = parseInteger(raw);
  if (value === undefined) {
    throw new RequestValidationError({
      issues: [
        {
          type: 'int_parsing',
          loc: ['query', name],
          msg: 'Input should be a valid integer, unable to parse string as an integer',
        },
      ],
    });
  }
  return value;
}
