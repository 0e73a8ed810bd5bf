import type { LlmResponse } from '../events/llm-response.js';
import type {
  CitationMetadata,
  Content,
  FinishReason,
  FunctionCall,
  GenerateContentResponse,
  GenerateContentResponseUsageMetadata,
  GroundingMetadata,
  Part,
} from '../types/index.js';
import { newFunctionCallId } from '../utils/ids.js';
import { createLlmResponse } from './create-llm-response.js';
import { getValueByJsonPath, parseJsonPath, setValueByJsonPath } from './json-path.js';

type PartialArg = NonNullable<FunctionCall['partialArgs']>[number];

/** Options of a StreamingResponseAggregator. */
export interface StreamingResponseAggregatorOptions {
  /**
   * Progressive SSE mode (ordered part accumulation, streamed function-call
   * arguments) when true, the classic text-buffering mode when false. Default:
   * `isProgressiveSseStreamingEnabled()`, on unless the environment turns it off.
   */
  progressive?: boolean;
}

function isEnvEnabled(value: string | undefined): boolean {
  const normalized = value?.toLowerCase();
  return normalized === 'true' || normalized === '1';
}

/**
 * Whether Python's `PROGRESSIVE_SSE_STREAMING` feature is on: on by default
 * (ADK 2.x), on when `ADK_ENABLE_PROGRESSIVE_SSE_STREAMING` is `true`/`1`,
 * otherwise off when `ADK_DISABLE_PROGRESSIVE_SSE_STREAMING` is `true`/`1`
 * (Python's `is_feature_enabled` without its programmatic overrides, for
 * which the aggregator's `progressive` option stands in).
 */
export function isProgressiveSseStreamingEnabled(
  env: Readonly<Record<string, string | undefined>> = process.env,
): boolean {
  if (isEnvEnabled(env['ADK_ENABLE_PROGRESSIVE_SSE_STREAMING'])) return true;
  if (isEnvEnabled(env['ADK_DISABLE_PROGRESSIVE_SSE_STREAMING'])) return false;
  return true;
}

function isSet<T>(value: T | null | undefined): value is T {
  return value !== undefined && value !== null;
}

function withoutUndefined(fields: Record<string, unknown>): LlmResponse {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) result[key] = value;
  }
  return result as LlmResponse;
}

function modelContent(parts: Part[]): Content {
  return { role: 'model', parts };
}

/**
 * Python `_get_value_from_partial_arg`: the non-string value a partial
 * argument carries (number, boolean or null) and whether it carries one.
 */
function scalarOfPartialArg(partialArg: PartialArg): [value: unknown, hasValue: boolean] {
  if (isSet(partialArg.numberValue)) return [partialArg.numberValue, true];
  if (isSet(partialArg.boolValue)) return [partialArg.boolValue, true];
  if (isSet(partialArg.nullValue)) return [null, true];
  return [undefined, false];
}

/**
 * Turns the chunks of one streamed model call into what the flow yields
 * (Python `google.adk.utils.streaming_utils.StreamingResponseAggregator`,
 * spec 004 "StreamingResponseAggregator", spec 000 §5.2–5.3).
 *
 * It is fed raw `GenerateContentResponse` chunks, as Python's
 * `process_response` is, and converts each with `createLlmResponse` itself:
 * the final response needs the last raw chunk's candidate (finish message)
 * and prompt feedback, which an LlmResponse no longer has.
 *
 * - `processResponse(chunk)` yields, in order, the responses the caller
 *   should emit for that chunk.
 *   - Progressive mode (the default): exactly one, the chunk marked
 *     `partial: true`. Text is accumulated in order, consecutive text of the
 *     same kind (thought or not) merged into one part with the first thought
 *     signature seen; function calls streamed as `partialArgs` by JSON path
 *     (`willContinue` until the last chunk) are assembled into one part;
 *     function calls without an id get a client id `adk-<uuid>`, also shown
 *     in the partial chunk.
 *   - Classic mode: a chunk whose first part is text is buffered (thought and
 *     plain text apart) and yielded `partial: true`; any other chunk, when
 *     text is buffered and it does not start with inline data (audio), is
 *     preceded by one non-partial response holding the buffered text, and is
 *     yielded as it is (not partial).
 * - `close()` returns the aggregated final response (`partial: false`), or
 *   undefined when no chunk was processed. It holds the accumulated parts (no
 *   content when there are none), the last usage, grounding and citation
 *   metadata reported, the last finish reason, and the last chunk's model
 *   version; a finish reason other than STOP becomes `errorCode` with the last
 *   candidate's finish message, and a last chunk without candidates but with
 *   a blocked prompt gives the block reason and message.
 *
 * Chunks are not mutated: a progressive chunk's content is copied before a
 * function-call id is added to it.
 */
export class StreamingResponseAggregator {
  /** Whether this aggregator runs in progressive SSE mode. */
  readonly progressive: boolean;

  private response: GenerateContentResponse | undefined;
  private usageMetadata: GenerateContentResponseUsageMetadata | undefined;
  private groundingMetadata: GroundingMetadata | undefined;
  private citationMetadata: CitationMetadata | undefined;
  private finishReason: FinishReason | undefined;

  // Classic mode.
  private text: string[] = [];
  private thoughtText: string[] = [];

  // Progressive mode: the ordered parts, the run of text being merged, and
  // the function call whose arguments are being streamed.
  private partsSequence: Part[] = [];
  private textBuffer: string[] = [];
  private textIsThought: boolean | undefined;
  private textThoughtSignature: string | undefined;
  private functionCallName: string | undefined;
  private functionCallArgs: Record<string, unknown> = {};
  private functionCallArgChunks = new Map<string, string[]>();
  private functionCallId: string | undefined;
  private functionCallThoughtSignature: string | undefined;

  constructor({
    progressive = isProgressiveSseStreamingEnabled(),
  }: StreamingResponseAggregatorOptions = {}) {
    this.progressive = progressive;
  }

  /** Processes one chunk and yields the responses to emit for it (see the class). */
  *processResponse(response: GenerateContentResponse): Generator<LlmResponse, void> {
    this.response = response;
    const llmResponse = createLlmResponse(response);
    // Usage is usually reported on one chunk only; a later chunk without it
    // must not erase it.
    if (llmResponse.usageMetadata) this.usageMetadata = llmResponse.usageMetadata;
    if (llmResponse.groundingMetadata) this.groundingMetadata = llmResponse.groundingMetadata;
    if (llmResponse.citationMetadata) this.citationMetadata = llmResponse.citationMetadata;
    if (llmResponse.finishReason) this.finishReason = llmResponse.finishReason;

    if (this.progressive) {
      this.accumulateParts(llmResponse);
      llmResponse.partial = true;
      yield llmResponse;
      return;
    }

    const parts = llmResponse.content?.parts;
    const first = parts?.[0];
    if (first?.text) {
      (first.thought ? this.thoughtText : this.text).push(first.text);
      llmResponse.partial = true;
    } else if (
      (this.thoughtText.length > 0 || this.text.length > 0) &&
      // Audio arriving with buffered text must not cut the text in two.
      !isSet(first?.inlineData)
    ) {
      yield withoutUndefined({
        content: modelContent(this.bufferedTextParts()),
        usageMetadata: llmResponse.usageMetadata,
        groundingMetadata: llmResponse.groundingMetadata,
        citationMetadata: llmResponse.citationMetadata,
        finishReason: llmResponse.finishReason,
        modelVersion: llmResponse.modelVersion,
      });
      this.thoughtText = [];
      this.text = [];
    }
    yield llmResponse;
  }

  /** The aggregated final response, or undefined when no chunk was processed (see the class). */
  close(): LlmResponse | undefined {
    const response = this.response;
    if (!response) return undefined;
    const candidate = response.candidates?.[0];
    const finishReason = this.finishReason || candidate?.finishReason;

    let errorCode: string | undefined;
    let errorMessage: string | undefined;
    if (finishReason && finishReason !== 'STOP') {
      errorCode = finishReason;
      errorMessage = candidate?.finishMessage;
    } else if (!candidate && response.promptFeedback) {
      errorCode = response.promptFeedback.blockReason;
      errorMessage = response.promptFeedback.blockReasonMessage;
    }

    let parts: Part[];
    if (this.progressive) {
      this.flushTextBuffer();
      this.flushFunctionCall();
      parts = this.partsSequence;
    } else {
      parts = this.bufferedTextParts();
    }

    return withoutUndefined({
      content: parts.length > 0 ? modelContent(parts) : undefined,
      groundingMetadata: this.groundingMetadata,
      citationMetadata: this.citationMetadata,
      errorCode,
      errorMessage,
      usageMetadata: this.usageMetadata,
      finishReason,
      partial: false,
      modelVersion: response.modelVersion,
    });
  }

  private bufferedTextParts(): Part[] {
    const parts: Part[] = [];
    if (this.thoughtText.length > 0) parts.push({ text: this.thoughtText.join(''), thought: true });
    if (this.text.length > 0) parts.push({ text: this.text.join('') });
    return parts;
  }

  private accumulateParts(llmResponse: LlmResponse): void {
    const content = llmResponse.content;
    if (!content?.parts || content.parts.length === 0) return;
    const parts = [...content.parts];
    llmResponse.content = { ...content, parts };
    for (const [index, part] of parts.entries()) {
      if (part.text) {
        // Python compares the raw flags, so an absent `thought` and an
        // explicit false start separate runs.
        const thought = part.thought ?? undefined;
        if (this.textBuffer.length > 0 && thought !== this.textIsThought) this.flushTextBuffer();
        if (this.textBuffer.length === 0) this.textIsThought = thought;
        this.textBuffer.push(part.text);
        // The signature may arrive on any chunk of the run; the model needs
        // it back verbatim on the merged part.
        if (part.thoughtSignature && !this.textThoughtSignature) {
          this.textThoughtSignature = part.thoughtSignature;
        }
      } else if (part.functionCall) {
        parts[index] = this.processFunctionCallPart(part, part.functionCall);
      } else {
        this.flushTextBuffer();
        this.partsSequence.push(part);
      }
    }
  }

  /** Returns the part as the partial chunk shows it (with a generated id when it needed one). */
  private processFunctionCallPart(part: Part, functionCall: FunctionCall): Part {
    // The first chunk of a streamed call may carry willContinue and no
    // arguments yet.
    const streamed = (functionCall.partialArgs?.length ?? 0) > 0 || functionCall.willContinue;
    if (streamed) {
      let call = functionCall;
      let shown = part;
      if (!call.id && !this.functionCallId) {
        call = { ...call, id: newFunctionCallId() };
        shown = { ...part, functionCall: call };
      }
      if (part.thoughtSignature && !this.functionCallThoughtSignature) {
        this.functionCallThoughtSignature = part.thoughtSignature;
      }
      this.processStreamedFunctionCall(call);
      return shown;
    }
    // A call without a name is an end-of-stream marker.
    if (!functionCall.name) return part;
    const shown = functionCall.id
      ? part
      : { ...part, functionCall: { ...functionCall, id: newFunctionCallId() } };
    this.flushTextBuffer();
    this.partsSequence.push(shown);
    return shown;
  }

  private processStreamedFunctionCall(functionCall: FunctionCall): void {
    if (functionCall.name) this.functionCallName = functionCall.name;
    if (functionCall.id) this.functionCallId = functionCall.id;
    for (const partialArg of functionCall.partialArgs ?? []) {
      const jsonPath = partialArg.jsonPath;
      if (!jsonPath) continue;
      if (isSet(partialArg.stringValue)) {
        this.bufferStringChunk(jsonPath, partialArg.stringValue);
        continue;
      }
      const [value, hasValue] = scalarOfPartialArg(partialArg);
      if (hasValue) {
        // A scalar replaces any string streamed to the same path.
        this.functionCallArgChunks.delete(jsonPath);
        setValueByJsonPath(this.functionCallArgs, parseJsonPath(jsonPath), value);
      }
    }
    if (!functionCall.willContinue) {
      this.flushTextBuffer();
      this.flushFunctionCall();
    }
  }

  // Chunks are joined once, at the flush, so a long argument costs linear
  // time; the empty string written now keeps the argument's arrival order.
  private bufferStringChunk(jsonPath: string, chunk: string): void {
    let chunks = this.functionCallArgChunks.get(jsonPath);
    if (!chunks) {
      const path = parseJsonPath(jsonPath);
      const [existing, found] = getValueByJsonPath(this.functionCallArgs, path);
      chunks = found && typeof existing === 'string' ? [existing] : [];
      this.functionCallArgChunks.set(jsonPath, chunks);
      setValueByJsonPath(this.functionCallArgs, path, '');
    }
    chunks.push(chunk);
  }

  private flushTextBuffer(): void {
    if (this.textBuffer.length === 0) return;
    const text = this.textBuffer.join('');
    const part: Part = this.textIsThought ? { text, thought: true } : { text };
    if (this.textThoughtSignature) part.thoughtSignature = this.textThoughtSignature;
    this.partsSequence.push(part);
    this.textBuffer = [];
    this.textIsThought = undefined;
    this.textThoughtSignature = undefined;
  }

  private flushFunctionCall(): void {
    if (!this.functionCallName) return;
    for (const [jsonPath, chunks] of this.functionCallArgChunks) {
      setValueByJsonPath(this.functionCallArgs, parseJsonPath(jsonPath), chunks.join(''));
    }
    const functionCall: FunctionCall = {};
    if (this.functionCallId) functionCall.id = this.functionCallId;
    functionCall.args = { ...this.functionCallArgs };
    functionCall.name = this.functionCallName;
    const part: Part = { functionCall };
    if (this.functionCallThoughtSignature) {
      part.thoughtSignature = this.functionCallThoughtSignature;
    }
    this.partsSequence.push(part);
    this.functionCallName = undefined;
    this.functionCallArgs = {};
    this.functionCallArgChunks = new Map();
    this.functionCallId = undefined;
    this.functionCallThoughtSignature = undefined;
  }
}
