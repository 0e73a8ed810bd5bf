import { z } from 'zod';
import { StateSchemaError } from '../errors/state-schema-error.js';

/**
 * A schema of session state keys (Python `state_schema`, a pydantic model):
 * a zod object whose shape declares each key a node may write and the
 * schema its value must fit.
 */
export type StateSchema = z.ZodObject;

/**
 * The schema as an enforceable state schema: a zod object; anything else
 * (a JSON Schema, a genai `Schema`) is documentation only, as node schemas
 * are (decision 0032).
 */
export function asStateSchema(schema: unknown): StateSchema | undefined {
  return schema instanceof z.ZodObject ? schema : undefined;
}

/**
 * Checks one state write against `schema` (Python `_validate_state_entry`).
 * Keys with a `:` (the `app:`, `user:` and `temp:` scopes, and ADK's own
 * `<owner>:<key>` keys) are not checked. Throws `StateSchemaError` when the
 * key is not declared or the value does not fit its schema; the value is
 * stored as given, not coerced.
 */
export function validateStateEntry(schema: StateSchema, key: string, value: unknown): void {
  if (key.includes(':')) return;
  const shape = schema.shape as Record<string, z.ZodType>;
  const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
  if (!field) {
    throw new StateSchemaError({
      key,
      message: `Key '${key}' is not declared in the state schema. Declared fields: ${JSON.stringify(Object.keys(shape).sort())}`,
    });
  }
  const result = field.safeParse(value);
  if (!result.success) {
    throw new StateSchemaError({
      key,
      message: `Value for '${key}' does not match its type in the state schema: ${z.prettifyError(result.error)}`,
      cause: result.error,
    });
  }
}
