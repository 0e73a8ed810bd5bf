import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { ScriptedResponsesExhaustedError } from '../errors/scripted-responses-exhausted-error.js';
import type { LlmResponse } from '../events/llm-response.js';
import { BaseLlm } from '../models/base-llm.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { Part } from '../types/index.js';
import { assertNestingWithin } from '../utils/nesting-depth.js';

/**
 * The deepest nesting a ScriptedLlm copies (requests it records, responses
 * it yields): past it `structuredClone` would overflow the stack, so the
 * call throws `NestingTooDeepError` instead.
 */
export const MAX_SCRIPTED_NESTING_DEPTH = 256;

/**
 * What one model call returns: a response, a list of responses yielded in
 * order (streamed chunks, usually `partial: true` and then the aggregate), or
 * an error the call throws.
 */
export type ScriptedTurn = LlmResponse | readonly LlmResponse[] | Error;

/** A fixed list of turns, one per call, or a function that answers each call. */
export type ScriptedResponses =
  | readonly ScriptedTurn[]
  | ((request: LlmRequest, callIndex: number) => ScriptedTurn | Promise<ScriptedTurn>);

/** Options of a ScriptedLlm. */
export interface ScriptedLlmOptions {
  /** The model name reported in requests; default `scripted-llm`. */
  model?: string;
  responses: ScriptedResponses;
}

/** The recorded view of one request: what would be sent to a provider. */
export type RecordedLlmRequest = Omit<LlmRequest, 'toolsDict'> & { toolNames: string[] };

/**
 * A deterministic model for tests and examples. It answers from a script
 * and records every request (a deep copy, with the tool names instead of the
 * tool objects), so tests can assert what the framework sent. A request or
 * response nested more than `MAX_SCRIPTED_NESTING_DEPTH` levels makes the
 * call throw `NestingTooDeepError` (nothing is recorded), so one bad turn
 * never breaks the next.
 */
export class ScriptedLlm extends BaseLlm {
  /** Every request received, in order. */
  readonly requests: RecordedLlmRequest[] = [];
  private readonly responses: ScriptedResponses;

  /**
   * Throws `InvalidArgumentError` unless `options` is an object whose
   * `responses` is a list or a function (`new ScriptedLlm([…])`, easy to
   * write from JavaScript, is refused with a message saying so).
   */
  constructor(options: ScriptedLlmOptions) {
    const { model = 'scripted-llm', responses } = checkOptions(options);
    super({ model });
    this.responses = responses;
  }

  override async *generateContentAsync(
    request: LlmRequest,
    _stream = false,
    abortSignal?: AbortSignal,
  ): AsyncGenerator<LlmResponse, void> {
    abortSignal?.throwIfAborted();
    const callIndex = this.requests.length;
    const { toolsDict, ...sendable } = request;
    assertNestingWithin(sendable, MAX_SCRIPTED_NESTING_DEPTH, 'the LLM request');
    this.requests.push({ ...structuredClone(sendable), toolNames: Object.keys(toolsDict) });
    const turn =
      typeof this.responses === 'function'
        ? await this.responses(request, callIndex)
        : this.responses[callIndex];
    if (turn === undefined) throw new ScriptedResponsesExhaustedError({ callIndex });
    if (turn instanceof Error) throw turn;
    const list: readonly LlmResponse[] = Array.isArray(turn) ? turn : [turn as LlmResponse];
    for (const response of list) {
      abortSignal?.throwIfAborted();
      assertNestingWithin(response, MAX_SCRIPTED_NESTING_DEPTH, 'a scripted response');
      yield structuredClone(response);
    }
  }
}

function checkOptions(options: unknown): ScriptedLlmOptions {
  const example = 'new ScriptedLlm({ responses: [textResponse("hi")] })';
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new InvalidArgumentError({
      argument: 'options',
      message:
        `ScriptedLlm takes an options object with a responses field, as in ${example}; ` +
        `got ${Array.isArray(options) ? 'an array' : String(options)}.`,
    });
  }
  const { responses, model } = options as Partial<ScriptedLlmOptions>;
  if (!Array.isArray(responses) && typeof responses !== 'function') {
    throw new InvalidArgumentError({
      argument: 'responses',
      message: `ScriptedLlm's responses must be a list of turns or a function, as in ${example}.`,
    });
  }
  if (model !== undefined && typeof model !== 'string') {
    throw new InvalidArgumentError({
      argument: 'model',
      message: "ScriptedLlm's model must be a string (the model name requests report).",
    });
  }
  return options as ScriptedLlmOptions;
}

/** A model response holding one text part. */
export function textResponse(text: string, fields: Partial<LlmResponse> = {}): LlmResponse {
  return { content: { role: 'model', parts: [{ text }] }, ...fields };
}

/** A model response calling one function (`id` omitted: the framework assigns `adk-<uuid>`). */
export function functionCallResponse(
  name: string,
  args: Record<string, unknown> = {},
  id?: string,
): LlmResponse {
  const part: Part = { functionCall: { name, args, ...(id === undefined ? {} : { id }) } };
  return { content: { role: 'model', parts: [part] } };
}
