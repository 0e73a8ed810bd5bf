import { z } from 'zod';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { appendInstructions } from '../models/llm-request.js';
import type { FunctionDeclaration, Schema } from '../types/index.js';
import { deepClone } from '../utils/deep-clone.js';
import { getOwn } from '../utils/get-own.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { BaseTool, type ProcessLlmRequestArguments, type RunToolArguments } from './base-tool.js';
import { toGenaiSchema } from './schema-conversion.js';
import { DefaultTaskOutput } from './task-models.js';

/** The name of the tool a task agent calls to finish its task. */
export const FINISH_TASK_TOOL_NAME = 'finish_task';

/** What `finish_task` returns when the output is valid; it closes the task. */
export const FINISH_TASK_SUCCESS_RESULT = 'Task completed.';

/**
 * The terminal failure counterpart of `FINISH_TASK_SUCCESS_RESULT`: a task
 * reported this way is over too (its isolation scope closes). The tool never
 * writes it; a remote task agent reports a failed task with it.
 */
export const FINISH_TASK_ERROR_RESULT = 'Task failed.';

/** What the tool needs of an output schema: its genai declaration and a validating parser. */
export interface TaskOutputSchema {
  readonly declaration: Schema;
  /** Validates (and coerces) the output; throws when it does not fit. */
  parse(value: unknown): unknown;
}

/** What FinishTaskTool needs of the task agent it belongs to. */
export interface FinishTaskAgent {
  readonly name: string;
  readonly outputSchema: TaskOutputSchema | undefined;
}

// Python's instruction, appended to every request of a task agent.
const FINISH_TASK_INSTRUCTION =
  'Do NOT call `finish_task` prematurely. Use your available tools to\n' +
  'fully complete every aspect of the delegated task first. If the\n' +
  'task is unclear, ask the user for clarification before proceeding.\n' +
  'Once the task is fully complete, call `finish_task` by itself with\n' +
  'no accompanying text output.';

const DEFAULT_OUTPUT_SCHEMA: TaskOutputSchema = {
  declaration: toGenaiSchema(DefaultTaskOutput),
  parse: (value) => {
    const result = DefaultTaskOutput.safeParse(value);
    if (result.success) return result.data;
    const count = result.error.issues.length;
    throw new InvalidArgumentError({
      message:
        `${count} validation error${count === 1 ? '' : 's'} for DefaultTaskOutput\n` +
        z.prettifyError(result.error),
      argument: 'output',
    });
  },
};

/**
 * `finish_task` (004 §10, Python `FinishTaskTool`): the tool a task-mode
 * LlmAgent calls to end its task. Its parameters are the agent's output
 * schema, or `{result: string}` (DefaultTaskOutput) without one; a schema
 * that is not an object is wrapped as `{result: <schema>}` because function
 * parameters must be an object (`wrapperKey`). Each request of the agent
 * also gets the instruction not to finish prematurely.
 *
 * `runAsync` validates the arguments: valid ones return
 * `FINISH_TASK_SUCCESS_RESULT`, and the task runner then takes the call's
 * arguments as the task's output (`extractOutput`); invalid ones are not an
 * error but data, `{error: 'Invoking `finish_task()` failed due to
 * validation errors: …'}`, so the model reads what was wrong and calls again.
 */
export class FinishTaskTool extends BaseTool {
  /** The schema the output is validated against. */
  readonly outputSchema: TaskOutputSchema;
  /** `'result'` when the schema is not an object and its value is wrapped; else undefined. */
  readonly wrapperKey: string | undefined;
  private readonly declaration: FunctionDeclaration;

  constructor(taskAgent: FinishTaskAgent) {
    const custom = taskAgent.outputSchema;
    super({
      name: FINISH_TASK_TOOL_NAME,
      description:
        'Signal that this agent has completed its delegated task. Call this when you have ' +
        'finished your delegated task.' +
        (custom ? ' Pass the required output data in the parameters.' : ''),
    });
    this.outputSchema = custom ?? DEFAULT_OUTPUT_SCHEMA;
    this.wrapperKey = isObjectSchema(this.outputSchema.declaration) ? undefined : 'result';
    const schema = deepClone(this.outputSchema.declaration);
    this.declaration = {
      name: FINISH_TASK_TOOL_NAME,
      description: this.description,
      parameters:
        this.wrapperKey === undefined
          ? schema
          : {
              type: 'OBJECT' as NonNullable<Schema['type']>,
              properties: { [this.wrapperKey]: schema },
              required: [this.wrapperKey],
            },
    };
  }

  override getDeclaration(): FunctionDeclaration {
    return deepClone(this.declaration);
  }

  /** Adds the declaration and the instruction not to finish before the task is done. */
  override async processLlmRequest(args: ProcessLlmRequestArguments): Promise<void> {
    await super.processLlmRequest(args);
    appendInstructions(args.request, [FINISH_TASK_INSTRUCTION]);
  }

  /** The task output carried by a `finish_task` call's arguments (unwrapped for non-object schemas). */
  extractOutput(args: Readonly<Record<string, unknown>>): unknown {
    if (this.wrapperKey !== undefined && Object.hasOwn(args, this.wrapperKey)) {
      return getOwn(args, this.wrapperKey);
    }
    return args;
  }

  /** `FINISH_TASK_SUCCESS_RESULT` for a valid output; `{error: …}` for the model to retry with. */
  override runAsync({ args }: RunToolArguments): Promise<unknown> {
    const value = this.wrapperKey === undefined ? args : getOwn(args, this.wrapperKey);
    try {
      this.outputSchema.parse(value);
    } catch (error) {
      return Promise.resolve({ error: validationErrorMessage(this.name, error) });
    }
    return Promise.resolve(FINISH_TASK_SUCCESS_RESULT);
  }
}

/** True for FinishTaskTool instances, including ones from another copy of this package. */
export function isFinishTaskTool(value: unknown): value is FinishTaskTool {
  return (
    value instanceof FinishTaskTool ||
    (isPlainObjectLike(value) &&
      (value as { name?: unknown }).name === FINISH_TASK_TOOL_NAME &&
      typeof (value as { extractOutput?: unknown }).extractOutput === 'function')
  );
}

function isPlainObjectLike(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function isObjectSchema(schema: Schema): boolean {
  return String(schema.type ?? '').toUpperCase() === 'OBJECT';
}

function validationErrorMessage(toolName: string, error: unknown): string {
  const details = error instanceof Error ? error.message : String(error);
  return (
    `Invoking \`${toolName}()\` failed due to validation errors:\n${details}\n` +
    'You could retry calling this tool, but it is IMPORTANT for you to provide all the ' +
    'mandatory parameters with correct types.'
  );
}

/** True when a function response is `finish_task`'s success or terminal failure: the task is over. */
export function isFinishTaskTerminalResponse(response: {
  name?: string | undefined;
  response?: Record<string, unknown> | undefined;
}): boolean {
  if (response.name !== FINISH_TASK_TOOL_NAME) return false;
  const body = response.response;
  if (!isPlainObject(body)) return false;
  const result = getOwn(body, 'result');
  return result === FINISH_TASK_SUCCESS_RESULT || result === FINISH_TASK_ERROR_RESULT;
}
