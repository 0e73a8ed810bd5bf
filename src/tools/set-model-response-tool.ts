import type { FunctionDeclaration, Schema } from '../types/index.js';
import { BaseTool, type RunToolArguments } from './base-tool.js';

/** The name of the structured-output tool. */
export const SET_MODEL_RESPONSE_TOOL_NAME = 'set_model_response';

/** What the tool needs of an output schema: its declaration and a validating parser. */
export interface ModelResponseSchema {
  readonly declaration: Schema;
  parse(value: unknown): unknown;
}

// Python's docstring of `set_model_response` (stripped), as the model sees it.
const description =
  'Set your final response using the required output schema.\n\n' +
  '      Use this tool to provide your final structured answer instead\n' +
  '      of outputting text directly.';

/**
 * `set_model_response` (spec 003 §21): offered when an agent has both an
 * output schema and tools and the model cannot take both at once. Its
 * parameters are the output schema; the model calls it with its final
 * answer, which is validated and becomes the agent's structured response.
 */
export class SetModelResponseTool extends BaseTool {
  readonly outputSchema: ModelResponseSchema;

  constructor(outputSchema: ModelResponseSchema) {
    super({ name: SET_MODEL_RESPONSE_TOOL_NAME, description });
    this.outputSchema = outputSchema;
  }

  override getDeclaration(): FunctionDeclaration {
    return {
      description,
      name: SET_MODEL_RESPONSE_TOOL_NAME,
      parameters: this.outputSchema.declaration,
      response: { type: 'STRING' as never },
    };
  }

  /** Validates the answer against the schema and returns it (invalid answers throw). */
  override runAsync({ args }: RunToolArguments): Promise<unknown> {
    return Promise.resolve(this.outputSchema.parse(args));
  }
}
