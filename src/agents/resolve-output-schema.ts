import { z } from 'zod';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { OutputSchema } from '../flows/llm-agent-contract.js';
import { toGenaiSchema } from '../tools/schema-conversion.js';
import type { Schema } from '../types/index.js';

/** What an agent accepts as an input or output schema. */
export type OutputSchemaInput = z.ZodType | Schema | OutputSchema;

/**
 * The schema in the form the flow uses: its genai declaration (sent to the
 * model) and a parser that validates the model's JSON answer. A zod schema
 * validates fully; a genai Schema is taken as the model's contract and the
 * answer is accepted as parsed.
 */
export function resolveOutputSchema(input: OutputSchemaInput): OutputSchema {
  if (isOutputSchema(input)) return input;
  if (input instanceof z.ZodType) {
    const schema = input;
    return {
      source: schema,
      declaration: toGenaiSchema(schema),
      parse: (value) => {
        const result = schema.safeParse(value);
        if (!result.success) {
          throw new InvalidArgumentError({
            message: `The model's answer does not match the output schema: ${z.prettifyError(result.error)}`,
            argument: 'outputSchema',
          });
        }
        return result.data;
      },
    };
  }
  const declaration = input as Schema;
  return { source: declaration, declaration, parse: (value) => value };
}

function isOutputSchema(value: unknown): value is OutputSchema {
  return (
    typeof value === 'object' &&
    value !== null &&
    'declaration' in value &&
    typeof (value as OutputSchema).parse === 'function'
  );
}
