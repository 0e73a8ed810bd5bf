import type { MaybePromise } from '../context/hook-arguments.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { NotSupportedError } from '../errors/not-supported-error.js';
import { appendInstructions } from '../models/llm-request.js';
import type { Content, FunctionResponse } from '../types/index.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { BaseTool, type ProcessLlmRequestArguments } from './base-tool.js';

import { pythonRepr, pythonStr } from '../utils/python-repr.js';

/** A few-shot example (Python `Example`): a user input and the contents that answer it. */
export interface Example {
  input: Content;
  output: Content[];
}

/**
 * Provides examples for a query (Python `BaseExampleProvider`): the query
 * is the text of the first part of the user message.
 */
export abstract class BaseExampleProvider {
  /** The examples to show the model for `query`. */
  abstract getExamples(query: string): MaybePromise<readonly Example[]>;
}

/** A function that provides examples for a query, as a `BaseExampleProvider` does. */
export type ExampleProviderFunction = (query: string) => MaybePromise<readonly Example[]>;

/** What `ExampleTool` accepts: a fixed list of examples or a provider of them. */
export type ExampleSource = readonly Example[] | BaseExampleProvider | ExampleProviderFunction;

const EXAMPLES_INTRO =
  '<EXAMPLES>\nBegin few-shot\nThe following are examples of user queries and' +
  ' model responses using the available tools.\n\n';
const EXAMPLES_END = 'End few-shot\n<EXAMPLES>';
const EXAMPLE_END = 'End example\n\n';
const USER_PREFIX = '[user]\n';
const MODEL_PREFIX = '[model]\n';
const FUNCTION_PREFIX = '```\n';
const FUNCTION_CALL_PREFIX = '```tool_code\n';
const FUNCTION_CALL_SUFFIX = '\n```\n';
const FUNCTION_RESPONSE_PREFIX = '```tool_outputs\n';
const FUNCTION_RESPONSE_SUFFIX = '\n```\n';

/**
 * Python's `convert_examples_to_text`: the few-shot block ExampleTool adds
 * to the system instruction, byte for byte. Each example is `EXAMPLE
 * <n>:\nBegin example\n[user]\n`, the input's text parts joined by `\n`
 * (plus `\n`), then each output content under a `[model]\n` or `[user]\n`
 * header written whenever the role changes: function calls as
 * `name(k='v', n=1)` and function responses as Python's `__dict__` of the
 * response, inside ``` fences (`tool_code` / `tool_outputs` fences for models
 * other than gemini-2), texts followed by `\n`; then `End example\n\n`. The
 * whole is wrapped in `<EXAMPLES>\nBegin few-shot…` and `End
 * few-shot\n<EXAMPLES>`.
 */
export function convertExamplesToText(
  examples: readonly Example[],
  model: string | undefined,
): string {
  const gemini2 = model === undefined || model.includes('gemini-2');
  let text = '';
  examples.forEach((example, index) => {
    let output = `EXAMPLE ${index + 1}:\nBegin example\n${USER_PREFIX}`;
    const inputParts = example.input.parts;
    if (inputParts && inputParts.length > 0) {
      output += `${inputParts
        .filter((part) => part.text)
        .map((part) => part.text)
        .join('\n')}\n`;
    }
    let previousRole: string | undefined;
    for (const content of example.output) {
      const role = content.role === 'model' ? MODEL_PREFIX : USER_PREFIX;
      if (role !== previousRole) output += role;
      previousRole = role;
      for (const part of content.parts ?? []) {
        if (part.functionCall) {
          const args = Object.entries(part.functionCall.args ?? {}).map(([key, value]) =>
            typeof value === 'string' ? `${key}='${value}'` : `${key}=${pythonStr(value)}`,
          );
          const prefix = gemini2 ? FUNCTION_PREFIX : FUNCTION_CALL_PREFIX;
          output += `${prefix}${part.functionCall.name ?? 'None'}(${args.join(', ')})${FUNCTION_CALL_SUFFIX}`;
        } else if (part.functionResponse) {
          const prefix = gemini2 ? FUNCTION_PREFIX : FUNCTION_RESPONSE_PREFIX;
          output += `${prefix}${functionResponseDict(part.functionResponse)}${FUNCTION_RESPONSE_SUFFIX}`;
        } else if (part.text) {
          output += `${part.text}\n`;
        }
      }
    }
    text += output + EXAMPLE_END;
  });
  return `${EXAMPLES_INTRO}${text}${EXAMPLES_END}`;
}

/**
 * Python's `build_example_si`: the few-shot block for a list of examples,
 * or for the examples a provider gives for `query`.
 */
export async function buildExampleSi(
  examples: ExampleSource,
  query: string,
  model: string | undefined,
): Promise<string> {
  if (Array.isArray(examples)) return convertExamplesToText(examples as readonly Example[], model);
  if (typeof examples === 'function') return convertExamplesToText(await examples(query), model);
  if (isExampleProvider(examples)) {
    return convertExamplesToText(await examples.getExamples(query), model);
  }
  throw invalidConfiguration();
}

/**
 * A tool that adds few-shot examples to the system instruction (Python
 * `ExampleTool`). It has no declaration and is never called: for each
 * model call whose invocation's user message starts with a text part,
 * `processLlmRequest` appends `buildExampleSi(examples, <that text>,
 * request.model)` to the system instruction (after a blank line, as
 * `appendInstructions` joins). Its name is `example_tool`, as in Python.
 *
 * Throws `InvalidArgumentError` ("Invalid example configuration") when
 * `examples` is neither a list of `{input, output}` examples nor a provider.
 */
export class ExampleTool extends BaseTool {
  /** The examples, or the provider giving them per query. */
  readonly examples: ExampleSource;

  constructor(examples: ExampleSource) {
    // Name and description are not used: this tool only changes the request.
    super({ name: 'example_tool', description: 'example tool' });
    if (Array.isArray(examples)) {
      checkExamples(examples as readonly unknown[]);
      this.examples = [...(examples as readonly Example[])];
    } else if (typeof examples === 'function' || isExampleProvider(examples)) {
      this.examples = examples;
    } else {
      throw invalidConfiguration();
    }
  }

  /** Appends the few-shot block for the user's first text part (nothing without one). */
  override async processLlmRequest({
    context,
    request,
  }: ProcessLlmRequestArguments): Promise<void> {
    const query = context.userContent?.parts?.[0]?.text;
    if (!query) return;
    appendInstructions(request, [await buildExampleSi(this.examples, query, request.model)]);
  }

  /** Always rejects with `NotSupportedError`: the tool has no declaration, so the model cannot call it. */
  override runAsync(): Promise<unknown> {
    return Promise.reject(
      new NotSupportedError({
        message: 'example_tool only adds examples to the request; it cannot be called.',
      }),
    );
  }
}

function isExampleProvider(value: unknown): value is BaseExampleProvider {
  return (
    value instanceof BaseExampleProvider ||
    (typeof value === 'object' &&
      value !== null &&
      typeof (value as BaseExampleProvider).getExamples === 'function')
  );
}

function checkExamples(examples: readonly unknown[]): void {
  examples.forEach((example, index) => {
    if (
      !isPlainObject(example) ||
      !isPlainObject(example['input']) ||
      !Array.isArray(example['output'])
    ) {
      throw new InvalidArgumentError({
        message: `Example ${index} must be {input: Content, output: Content[]}.`,
        argument: 'examples',
      });
    }
  });
}

function invalidConfiguration(): InvalidArgumentError {
  return new InvalidArgumentError({
    message: 'Invalid example configuration',
    argument: 'examples',
  });
}

// Python prints `function_response.__dict__`: every field of genai's
// FunctionResponse, in its declaration order, None when unset.
function functionResponseDict(response: FunctionResponse): string {
  const fields: [string, string][] = [
    ['will_continue', pythonRepr(response.willContinue)],
    [
      'scheduling',
      response.scheduling === undefined
        ? 'None'
        : `<FunctionResponseScheduling.${response.scheduling}: '${response.scheduling}'>`,
    ],
    ['parts', pythonRepr(response.parts)],
    ['id', pythonRepr(response.id)],
    ['name', pythonRepr(response.name)],
    ['response', pythonRepr(response.response)],
  ];
  return `{${fields.map(([key, value]) => `'${key}': ${value}`).join(', ')}}`;
}
