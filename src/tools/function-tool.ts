import type { z } from 'zod';
import type { Context } from '../context/context.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { FunctionDeclaration, Schema } from '../types/index.js';
import { deepClone } from '../utils/deep-clone.js';
import { setOwn } from '../utils/get-own.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { BaseTool, type RunToolArguments } from './base-tool.js';
import {
  isZodObjectSchema,
  schemaKind,
  toGenaiSchema,
  type JsonSchema,
  type ToolSchema,
  type ToolSchemaKind,
  type ZodObjectSchema,
} from './schema-conversion.js';
import { checkJsonSchemaArguments } from './json-schema-arguments.js';
import {
  isAsyncGeneratorFunction,
  NOT_STREAMING,
  type StreamingToolInputs,
} from './streaming-tool-inputs.js';

const functionToolMarker = Symbol.for('adk-ts.tool.FunctionTool');

/**
 * The parameters of a function tool: a zod v4 object schema, a JSON Schema
 * of an object (lowercase types) or a genai `Schema` (UPPERCASE types, sent
 * verbatim).
 */
export type FunctionToolParameters = ZodObjectSchema | JsonSchema | Schema;

/**
 * The arguments `execute` receives: the zod schema's output type (defaults
 * applied, unknown keys dropped), or a plain record for the other forms.
 */
export type FunctionToolArguments<TParameters> = TParameters extends z.ZodType
  ? z.output<TParameters>
  : Record<string, unknown>;

/**
 * The function a `FunctionTool` runs; it may return a value or a promise,
 * or, for a streaming tool, be an `async function*` whose yielded values
 * each reach the live model (the third argument carries its input stream
 * and cancellation signal).
 */
export type FunctionToolExecute<TParameters> = (
  args: FunctionToolArguments<TParameters>,
  context: Context,
  streaming: StreamingToolInputs,
) => unknown;

/**
 * Whether a call needs a human's confirmation first: always, never, or as a
 * predicate over the call's (validated) arguments and the tool context.
 */
export type RequireConfirmation<TParameters> =
  | boolean
  | ((args: FunctionToolArguments<TParameters>, context: Context) => boolean | Promise<boolean>);

/** Options of `new FunctionTool(...)`. */
export interface FunctionToolOptions<TParameters extends FunctionToolParameters | undefined> {
  /** The name the model calls the tool by; defaults to `execute`'s function name. */
  name?: string;
  /** What the tool does, sent verbatim as the declaration's description. */
  description: string;
  /** The tool's parameters; omitted, the declaration has no `parameters`. */
  parameters?: TParameters;
  /** The schema of what the tool returns (any of the three forms); becomes the declaration's `response`. */
  response?: ToolSchema;
  /** The function to run, with the validated arguments and the tool context. */
  execute: FunctionToolExecute<TParameters>;
  /** True when the tool returns before its work is done. */
  isLongRunning?: boolean;
  /** Whether each call needs a human's confirmation before it runs (default false). */
  requireConfirmation?: RequireConfirmation<TParameters>;
  /** Free-form data attached to the tool. */
  customMetadata?: Record<string, unknown>;
  /**
   * Whether `execute` is a streaming function (an async generator run in the
   * background of a live session); by default, whether `execute` is an
   * `async function*`. Set it for a function that returns an async iterable
   * some other way.
   */
  streaming?: boolean;
  /**
   * Whether the streaming function reads the client's live requests from
   * its own LiveRequestQueue (`streaming.inputStream`), as a Python tool
   * with an `input_stream: LiveRequestQueue` parameter does. Default false.
   */
  inputStream?: boolean;
}

/** What starting a streaming function gives: its results, or the one answer that replaces them. */
export type StreamingStart = { stream: AsyncIterator<unknown> } | { result: unknown };

/**
 * A tool that wraps a function (Python `FunctionTool`, spec 000 §6.7).
 *
 * Declaration: `{description, name, parameters?, response?}`, with the
 * parameters and response converted to a genai `Schema` by `toGenaiSchema`
 * (a genai `Schema` is used verbatim). Built once, returned as a fresh copy.
 *
 * Running, in Python's order:
 * 1. Arguments are validated: a zod schema with `safeParseAsync` (its output
 *    becomes the arguments), a JSON Schema with `checkJsonSchemaArguments`.
 *    Wrong values return, without calling the function,
 *    `{error: "Invoking `<name>()` failed due to argument validation errors:\n<one line per error>\nYou could retry calling this tool with corrected argument types."}`
 *    (Python's format), each line `Parameter '<path>': <message>` where
 *    `<path>` is the dotted path of the value and `<message>` zod's message
 *    or the JSON Schema check's.
 * 2. Missing required parameters (those without a default) return Python's
 *    `{error: "Invoking `<name>()` failed as the following mandatory input parameters are not present:\n<names>\nYou could retry calling this tool, but it is IMPORTANT for you to provide all the mandatory parameters."}`.
 * 3. With `requireConfirmation` and no confirmation yet, the tool asks for
 *    one (`context.requestConfirmation` with Python's hint), sets
 *    `actions.skipSummarization`, and returns Python's "requires
 *    confirmation" error; a confirmation with `confirmed: false` returns
 *    Python's rejection error; a confirmed call runs.
 * 4. `execute` runs (sync or async); what it returns is the result, and
 *    what it throws propagates (the flow runs the on-tool-error hooks).
 *
 * A streaming tool (`streaming`, an `async function*` by default) runs only
 * in a live session, through `startStreaming`: outside one, `runAsync`
 * answers the call with an error and does not start the function (Python
 * starts nothing either: there the call returns the unstarted generator).
 *
 * For JSON Schema and genai `Schema` parameters, only declared properties
 * are passed on (unless `additionalProperties` allows more) and top-level
 * defaults fill absent parameters, as a Python function's signature does.
 * The caller's `args` object is never changed.
 */
export class FunctionTool<
  TParameters extends FunctionToolParameters | undefined = undefined,
> extends BaseTool {
  private readonly [functionToolMarker] = true;
  /** The parameters schema as given. */
  readonly parameters: TParameters | undefined;
  /** The response schema as given. */
  readonly response: ToolSchema | undefined;
  private readonly executeFunction: FunctionToolExecute<TParameters>;
  private readonly requireConfirmation: RequireConfirmation<TParameters>;
  private readonly parametersKind: ToolSchemaKind | undefined;
  private readonly declaration: FunctionDeclaration;
  /** Whether the tool is a streaming function (see `FunctionToolOptions.streaming`). */
  readonly isStreaming: boolean;
  /** Whether the streaming function reads the client's live requests (`FunctionToolOptions.inputStream`). */
  readonly acceptsInputStream: boolean;

  constructor(options: FunctionToolOptions<TParameters>) {
    const name = options.name ?? options.execute.name;
    if (!name) {
      throw new InvalidArgumentError({
        message: 'A FunctionTool needs a name: pass `name` or a named `execute` function.',
        argument: 'name',
      });
    }
    super({
      name,
      description: options.description,
      isLongRunning: options.isLongRunning ?? false,
      ...(options.customMetadata === undefined ? {} : { customMetadata: options.customMetadata }),
    });
    this.parameters = options.parameters;
    this.response = options.response;
    this.executeFunction = options.execute;
    this.requireConfirmation = options.requireConfirmation ?? false;
    this.isStreaming = options.streaming ?? isAsyncGeneratorFunction(options.execute);
    this.acceptsInputStream = this.isStreaming && options.inputStream === true;
    this.parametersKind =
      options.parameters === undefined ? undefined : checkParameters(name, options.parameters);
    this.declaration = {
      description: options.description,
      name,
      ...(options.parameters === undefined
        ? {}
        : { parameters: toGenaiSchema(options.parameters, 'input') }),
      ...(options.response === undefined
        ? {}
        : { response: toGenaiSchema(options.response, 'output') }),
    };
  }

  /** The function declaration sent to the model (a fresh copy each call). */
  override getDeclaration(): FunctionDeclaration {
    return deepClone(this.declaration);
  }

  /** Validates the arguments, handles confirmation, then runs `execute` (see the class comment). */
  override async runAsync({ args, context }: RunToolArguments): Promise<unknown> {
    const prepared = await this.prepareCall(args, context);
    if ('answer' in prepared) return prepared.answer;
    if (this.isStreaming) {
      return {
        error:
          `Invoking \`${this.name}()\` failed: it is a streaming tool, which runs only` +
          ' in a live session.',
      };
    }
    return await this.executeFunction(prepared.args, context, NOT_STREAMING);
  }

  /**
   * Starts a streaming function for a live run: the arguments are validated
   * and confirmation handled as in `runAsync` (a failure is the `result`),
   * then `execute` is called with `inputs` and its async iterator returned
   * unstarted. A function that returns something other than an async
   * iterable gives that value as the `result`.
   */
  async startStreaming({
    args,
    context,
    inputs,
  }: RunToolArguments & { inputs: StreamingToolInputs }): Promise<StreamingStart> {
    const prepared = await this.prepareCall(args, context);
    if ('answer' in prepared) return { result: prepared.answer };
    const output = await this.executeFunction(prepared.args, context, inputs);
    if (isAsyncIterable(output)) return { stream: output[Symbol.asyncIterator]() };
    return { result: output };
  }

  // The validated arguments, or the answer that stands for the call (an argument error, a confirmation request or rejection).
  private async prepareCall(
    args: Readonly<Record<string, unknown>>,
    context: Context,
  ): Promise<{ args: FunctionToolArguments<TParameters> } | { answer: unknown }> {
    const prepared = await this.prepareArguments(args);
    if ('error' in prepared) return { answer: prepared };
    const callArgs = prepared.args as FunctionToolArguments<TParameters>;

    if (this.requireConfirmation !== false && (await this.needsConfirmation(callArgs, context))) {
      if (!context.toolConfirmation) {
        context.requestConfirmation({
          hint:
            `Please approve or reject the tool call ${this.name}() by` +
            ' responding with a FunctionResponse with an expected' +
            ' ToolConfirmation payload.',
        });
        context.actions.skipSummarization = true;
        return {
          answer: { error: 'This tool call requires confirmation, please approve or reject.' },
        };
      }
      if (!context.toolConfirmation.confirmed) {
        return { answer: { error: 'This tool call is rejected.' } };
      }
    }
    return { args: callArgs };
  }

  private async needsConfirmation(
    args: FunctionToolArguments<TParameters>,
    context: Context,
  ): Promise<boolean> {
    const rule = this.requireConfirmation;
    return typeof rule === 'function' ? Boolean(await rule(args, context)) : rule;
  }

  private async prepareArguments(
    args: Readonly<Record<string, unknown>>,
  ): Promise<PreparedArguments> {
    const parameters = this.parameters;
    if (parameters === undefined) return { args: { ...args } };
    if (this.parametersKind === 'zod') {
      const schema = parameters as ZodObjectSchema;
      let result: ZodSafeParseResult;
      // The synchronous parse is several times cheaper; zod's safeParse throws on
      // schemas with async refinements, and only those take safeParseAsync.
      try {
        result = schema.safeParse(args);
      } catch {
        result = await schema.safeParseAsync(args);
      }
      return this.zodArguments(result, args);
    }
    if (this.parametersKind === 'json-schema') {
      const schema = parameters as JsonSchema;
      const { missing, errors } = checkJsonSchemaArguments(args, schema);
      return (
        this.failure(missing, errors) ?? {
          args: selectArguments(args, schema.properties, schema.additionalProperties),
        }
      );
    }
    const schema = parameters as Schema;
    const missing = (schema.required ?? []).filter(
      (key) => !Object.hasOwn(args, key) && schema.properties?.[key]?.default === undefined,
    );
    return this.failure(missing, []) ?? { args: selectArguments(args, schema.properties, false) };
  }

  /** The parsed arguments, or Python's error for missing and invalid ones. */
  private zodArguments(
    result: ZodSafeParseResult,
    args: Readonly<Record<string, unknown>>,
  ): PreparedArguments {
    if (result.success) return { args: result.data as Record<string, unknown> };
    const missing: string[] = [];
    const errors: string[] = [];
    for (const issue of result.error.issues) {
      const [first] = issue.path;
      if (issue.path.length === 1 && typeof first === 'string' && !Object.hasOwn(args, first)) {
        if (!missing.includes(first)) missing.push(first);
      } else {
        errors.push(
          issue.path.length === 0
            ? `Arguments: ${issue.message}`
            : `Parameter '${formatPath(issue.path)}': ${issue.message}`,
        );
      }
    }
    return this.failure(missing, errors) ?? { error: result.error.message };
  }

  private failure(missing: string[], errors: string[]): { error: string } | undefined {
    if (errors.length > 0) {
      return {
        error:
          `Invoking \`${this.name}()\` failed due to argument validation` +
          ` errors:\n${errors.join('\n')}\nYou could retry calling` +
          ' this tool with corrected argument types.',
      };
    }
    if (missing.length > 0) {
      return {
        error:
          `Invoking \`${this.name}()\` failed as the following mandatory input parameters are not present:\n` +
          `${missing.join('\n')}\n` +
          'You could retry calling this tool, but it is IMPORTANT for you to provide all the mandatory parameters.',
      };
    }
    return undefined;
  }
}

/** True for any FunctionTool instance, including one from another copy of this package. */
export function isFunctionTool(value: unknown): value is FunctionTool<FunctionToolParameters> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[functionToolMarker] === true
  );
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function'
  );
}

function checkParameters(name: string, parameters: FunctionToolParameters): ToolSchemaKind {
  const kind = schemaKind(parameters);
  const isObject =
    kind === 'zod'
      ? isZodObjectSchema(parameters)
      : kind === 'json-schema'
        ? isObjectType((parameters as JsonSchema).type)
        : true;
  if (!isObject) {
    throw new InvalidArgumentError({
      message: `The parameters of tool ${name} must describe an object (z.object(...) or {type: 'object', properties: ...}).`,
      argument: 'parameters',
    });
  }
  return kind;
}

function isObjectType(type: JsonSchema['type']): boolean {
  return (
    type === undefined || type === 'object' || (Array.isArray(type) && type.includes('object'))
  );
}

// Keeps the declared parameters (and, for a JSON Schema that allows them, the
// others), filling absent ones from their top-level defaults.
function selectArguments(
  args: Readonly<Record<string, unknown>>,
  properties: Readonly<Record<string, unknown>> | undefined,
  additionalProperties: unknown,
): Record<string, unknown> {
  if (!isPlainObject(properties)) return { ...args };
  const keepOthers = additionalProperties === true || isPlainObject(additionalProperties);
  const selected: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (keepOthers || Object.hasOwn(properties, key)) setOwn(selected, key, value);
  }
  for (const [key, property] of Object.entries(properties)) {
    if (Object.hasOwn(selected, key) || !isPlainObject(property)) continue;
    const fallback = property['default'];
    if (fallback !== undefined) setOwn(selected, key, deepClone(fallback));
  }
  return selected;
}

function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? String(segment) : `.${String(segment)}`;
  }
  return text;
}

/** What validation gives a call: its arguments, or the error the model sees. */
type PreparedArguments = { args: Record<string, unknown> } | { error: string };

/** A zod object schema's `safeParse` result. */
type ZodSafeParseResult = ReturnType<ZodObjectSchema['safeParse']>;
