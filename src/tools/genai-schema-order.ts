import { GENAI_SCHEMA_KEY_ORDER, type GenaiSchemaKey } from '../events/genai-casing.js';
import type { Schema } from '../types/index.js';

export { GENAI_SCHEMA_KEY_ORDER, type GenaiSchemaKey };

/**
 * A genai `Schema` with `fields`' defined values in genai's own field
 * order, so that its JSON is written as Python writes it. Undefined values
 * and fields outside that list are left out.
 */
export function orderGenaiSchema(fields: Partial<Record<GenaiSchemaKey, unknown>>): Schema {
  const ordered: Record<string, unknown> = {};
  for (const key of GENAI_SCHEMA_KEY_ORDER) {
    if (fields[key] !== undefined) ordered[key] = fields[key];
  }
  return ordered as Schema;
}
