import { z } from 'zod';
import { NodeSchemaValidationError } from '../errors/node-schema-validation-error.js';
import { isZodSchema, zodToJsonSchema, type ToolSchema } from '../tools/schema-conversion.js';
import type { Content } from '../types/index.js';
import { isPlainObject } from '../utils/is-plain-object.js';

/**
 * A node's input, output or state schema: zod (validated and coerced), or a
 * JSON Schema / genai `Schema` (documentation only, never enforced — as in
 * Python, where a dict or `types.Schema` is accepted but not checked).
 */
export type NodeSchema = ToolSchema;

/** True for a genai `Content`-shaped value: a plain object with a `parts` array. */
export function isContent(value: unknown): value is Content {
  return (
    isPlainObject(value) &&
    Array.isArray(value.parts) &&
    (value.role === undefined || typeof value.role === 'string')
  );
}

/** The text parts of `content`, joined. */
export function contentText(content: Content): string {
  return (content.parts ?? []).map((part) => part.text ?? '').join('');
}

/**
 * Validates a node's input or output against `schema` (Python
 * `validate_node_data`): undefined/null data and a missing or non-zod schema
 * pass through; a `Content` is reduced to its text, which a string schema
 * takes as it is and any other schema reads as JSON (falling back to the
 * raw text when it is not JSON). Returns the parsed value; throws
 * `NodeSchemaValidationError` naming the node and side.
 */
export function validateNodeData(
  schema: NodeSchema | undefined,
  data: unknown,
  where: { nodeName: string; direction: 'input' | 'output' },
): unknown {
  if (data === undefined || data === null || schema === undefined) return data;
  if (!isZodSchema(schema)) return data;
  let payload: unknown = data;
  if (isContent(data)) {
    const text = contentText(data);
    payload = schema instanceof z.ZodString ? text : parseJsonOr(text);
  }
  const result = schema.safeParse(payload);
  if (!result.success) {
    throw new NodeSchemaValidationError({
      ...where,
      detail: z.prettifyError(result.error),
      cause: result.error,
    });
  }
  return result.data;
}

/**
 * The JSON Schema of a schema, for the wire (a RequestInput's
 * `response_schema`): zod is converted, JSON Schema and genai `Schema` are
 * passed as they are.
 */
export function nodeSchemaToJsonSchema(schema: NodeSchema): Record<string, unknown> {
  if (isZodSchema(schema)) return zodToJsonSchema(schema, 'input') as Record<string, unknown>;
  return schema as Record<string, unknown>;
}

function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
