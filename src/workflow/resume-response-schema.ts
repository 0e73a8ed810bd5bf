import { ResumeInputValidationError } from '../errors/resume-input-validation-error.js';
import { getOwn, setOwn } from '../utils/get-own.js';

/**
 * Checks and coerces a user's answer against the JSON Schema an
 * `adk_request_input` call carried (Python `_validate_resume_response`):
 * `integer`, `number`, `string`, `boolean`, `array` and `object` are
 * checked with pydantic's lax coercions (a numeric string to a number,
 * `"true"`/`"false"`/`0`/`1` to a boolean, a whole float to an integer); an
 * object with `properties` must have its `required` ones, each property of
 * a scalar type is coerced the same way and a missing optional one becomes
 * `null`. Any other schema is not checked, as Python skips complex ones.
 * Throws ResumeInputValidationError naming the interrupt.
 */
export function validateResumeResponse(
  interruptId: string,
  value: unknown,
  schema: unknown,
): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return value;
  const record = schema as Record<string, unknown>;
  const type = getOwn(record, 'type');
  const properties = getOwn(record, 'properties');
  if (type === 'object' && typeof properties === 'object' && properties !== null) {
    return coerceObject(interruptId, value, record, properties as Record<string, unknown>);
  }
  if (typeof type !== 'string') return value;
  const coerced = coerce(type, value);
  if (!coerced.ok) throw fail(interruptId, `expected ${type}, got ${JSON.stringify(value)}`);
  return coerced.value;
}

function coerceObject(
  interruptId: string,
  value: unknown,
  schema: Record<string, unknown>,
  properties: Record<string, unknown>,
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw fail(interruptId, `expected an object, got ${JSON.stringify(value)}`);
  }
  const input = value as Record<string, unknown>;
  const required = new Set(
    Array.isArray(schema['required']) ? (schema['required'] as unknown[]) : [],
  );
  const out: Record<string, unknown> = {};
  for (const [key, propertySchema] of Object.entries(properties)) {
    const present = Object.hasOwn(input, key);
    const raw = present ? getOwn(input, key) : undefined;
    if (!present || raw === null) {
      if (required.has(key)) throw fail(interruptId, `field '${key}' is required`);
      setOwn(out, key, null);
      continue;
    }
    const type =
      typeof propertySchema === 'object' && propertySchema !== null
        ? getOwn(propertySchema as Record<string, unknown>, 'type')
        : undefined;
    if (typeof type !== 'string') {
      setOwn(out, key, raw);
      continue;
    }
    const coerced = coerce(type, raw);
    if (!coerced.ok) {
      throw fail(interruptId, `field '${key}': expected ${type}, got ${JSON.stringify(raw)}`);
    }
    setOwn(out, key, coerced.value);
  }
  return out;
}

type Coerced = { ok: true; value: unknown } | { ok: false };

function coerce(type: string, value: unknown): Coerced {
  switch (type) {
    case 'integer': {
      const number = toNumber(value);
      return number !== undefined && Number.isInteger(number)
        ? { ok: true, value: number }
        : { ok: false };
    }
    case 'number': {
      const number = toNumber(value);
      return number === undefined ? { ok: false } : { ok: true, value: number };
    }
    case 'string':
      return typeof value === 'string' ? { ok: true, value } : { ok: false };
    case 'boolean':
      return toBoolean(value);
    case 'array':
      return Array.isArray(value) ? { ok: true, value } : { ok: false };
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? { ok: true, value }
        : { ok: false };
    default:
      return { ok: true, value };
  }
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value.trim());
    if (Number.isFinite(number)) return number;
  }
  return undefined;
}

function toBoolean(value: unknown): Coerced {
  if (typeof value === 'boolean') return { ok: true, value };
  if (value === 0 || value === 1) return { ok: true, value: value === 1 };
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (['true', 'yes', 'on', '1', 't', 'y'].includes(text)) return { ok: true, value: true };
    if (['false', 'no', 'off', '0', 'f', 'n'].includes(text)) return { ok: true, value: false };
  }
  return { ok: false };
}

function fail(interruptId: string, reason: string): ResumeInputValidationError {
  return new ResumeInputValidationError({ interruptId, reason });
}
