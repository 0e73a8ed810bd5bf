import { ModelApiError } from '../../errors/model-api-error.js';
import type { LlmResponse } from '../../events/llm-response.js';
import type { GenerateContentResponseUsageMetadata, Part } from '../../types/index.js';
import { logger } from '../../utils/logger.js';
import { malformedResponseError } from '../provider-errors.js';
import { REALTIME_PCM_RATE } from './pcm-resampler.js';
import type { RealtimeServerEvent, RealtimeUsage } from './realtime-events.js';
import { PROVIDER, parseToolArguments } from './response-conversion.js';

/** The API's name in messages about malformed answers. */
export const REALTIME_API = 'the Realtime API';

/** The MIME type of the model's audio: 16-bit PCM at the API's rate, as Gemini's live audio is labelled. */
export const REALTIME_AUDIO_MIME_TYPE = `audio/pcm;rate=${REALTIME_PCM_RATE}`;

/**
 * An `error` event the connection itself may cause and that changes
 * nothing: a `response.cancel` racing the response's own end.
 */
const HARMLESS_ERROR_CODES = new Set(['response_cancel_not_active']);

/** What a mapper is built from. */
export interface RealtimeResponseMapperOptions {
  /** The model name, for responses and errors. */
  model: string;
  /** Whether output transcription was asked for (the API always sends the transcript of its audio). */
  outputTranscription: boolean;
  /** The session's id once the server named it. */
  sessionId: () => string | undefined;
  /** False when the user's speech does not interrupt the model (`activityHandling: NO_INTERRUPTION`). */
  speechInterrupts: boolean;
}

/**
 * Turns Realtime server events into `LlmResponse`s, as the Gemini live
 * connection shapes them, one model response (one turn) at a time:
 *
 * - text deltas → partial text contents, and the whole text as a final
 *   one at the response's end (or at an interruption);
 * - audio deltas → contents with the audio as inline data
 *   (`audio/pcm;rate=24000`, base64);
 * - audio transcript deltas → partial `outputTranscription` chunks, then
 *   the finished whole (only when output transcription was asked for);
 * - input transcription deltas → partial `inputTranscription` chunks, and
 *   the completed transcript as the finished whole;
 * - completed function calls → held, and yielded as one content at the
 *   response's end (the model's turn is over then, so their answers can
 *   start the next response);
 * - `input_audio_buffer.speech_started` during a response → `interrupted`
 *   (the merged text instead, when text was streamed), unless speech does
 *   not interrupt the model in this session;
 * - `response.done` → usage, an error code for a failed response, then
 *   `turnComplete` (with `interrupted` when the response was cancelled,
 *   `finishReason: MAX_TOKENS` when it ran out of tokens); the turn ends;
 * - `error` → `ModelApiError` with the API's code (else its type) and
 *   message, except a `response.cancel` that came too late.
 */
export class RealtimeResponseMapper {
  private readonly model: string;
  private readonly outputTranscription: boolean;
  private readonly sessionId: () => string | undefined;
  private readonly speechInterrupts: boolean;
  private outputText = '';
  private text = '';
  private calls: Part[] = [];
  private responding = false;

  constructor(options: RealtimeResponseMapperOptions) {
    this.model = options.model;
    this.outputTranscription = options.outputTranscription;
    this.sessionId = options.sessionId;
    this.speechInterrupts = options.speechInterrupts;
  }

  /** Forgets what an abandoned pass over the events left of its turn. */
  startPass(): void {
    this.text = '';
    this.calls = [];
  }

  /** Yields the responses of one server event; returns true at the end of the model's response. */
  *map(event: RealtimeServerEvent): Generator<LlmResponse, boolean> {
    switch (event.type) {
      case 'error': {
        const { code, type, message } = event.error;
        if (code && HARMLESS_ERROR_CODES.has(code)) return false;
        throw new ModelApiError({
          provider: PROVIDER,
          model: this.model,
          code: code ?? type ?? undefined,
          message: message ?? 'The Realtime API reported an error.',
        });
      }
      case 'response.created':
        this.responding = true;
        return false;
      case 'response.output_text.delta':
        this.text += event.delta;
        yield this.response({ content: modelContent({ text: event.delta }), partial: true });
        return false;
      case 'response.output_audio.delta':
        yield this.response({
          content: modelContent({
            inlineData: { mimeType: REALTIME_AUDIO_MIME_TYPE, data: event.delta },
          }),
        });
        return false;
      case 'response.output_audio_transcript.delta':
        if (!this.outputTranscription) return false;
        this.outputText += event.delta;
        yield this.response({
          outputTranscription: { text: event.delta, finished: false },
          partial: true,
        });
        return false;
      case 'response.output_audio_transcript.done':
        if (this.outputTranscription) yield* this.finishOutputTranscription(event.transcript);
        return false;
      case 'conversation.item.input_audio_transcription.delta':
        if (!event.delta) return false;
        yield this.response({
          inputTranscription: { text: event.delta, finished: false },
          partial: true,
        });
        return false;
      case 'conversation.item.input_audio_transcription.completed':
        yield this.response({
          inputTranscription: { text: event.transcript, finished: true },
          partial: false,
        });
        return false;
      case 'conversation.item.input_audio_transcription.failed':
        // The model heard the audio all the same; only its transcript is missing.
        logger.warn(
          `The Realtime API could not transcribe the user's audio (${event.error.code ?? event.error.type ?? 'no code'}): ${event.error.message ?? 'no reason given'}`,
        );
        return false;
      case 'response.function_call_arguments.done':
        this.calls.push({
          functionCall: { id: event.call_id, name: event.name, args: this.argsOf(event) },
        });
        return false;
      case 'input_audio_buffer.speech_started':
        if (!this.responding || !this.speechInterrupts) return false;
        yield this.text ? this.fullText() : this.response({ interrupted: true });
        return false;
      case 'response.done':
        yield* this.finishResponse(event);
        return true;
      default:
        return false;
    }
  }

  private *finishResponse(
    event: Extract<RealtimeServerEvent, { type: 'response.done' }>,
  ): Generator<LlmResponse> {
    this.responding = false;
    const { status, status_details: details, usage } = event.response;
    if (usage) yield this.response({ usageMetadata: usageMetadataOf(usage) });
    if (this.text) yield this.fullText();
    if (this.outputText) yield* this.finishOutputTranscription(undefined);
    if (this.calls.length > 0) {
      yield this.response({ content: { role: 'model', parts: this.calls } });
      this.calls = [];
    }
    if (status === 'failed') {
      yield this.response({
        errorCode: details?.error?.code ?? details?.error?.type ?? 'response_failed',
        errorMessage: details?.error?.message ?? 'The Realtime response failed.',
      });
    }
    const interrupted = status === 'cancelled' ? true : undefined;
    const maxTokens = status === 'incomplete' && details?.reason === 'max_output_tokens';
    yield this.response({
      turnComplete: true,
      interrupted,
      finishReason: maxTokens ? ('MAX_TOKENS' as LlmResponse['finishReason']) : undefined,
    });
  }

  private *finishOutputTranscription(transcript: string | undefined): Generator<LlmResponse> {
    const text = transcript ?? this.outputText;
    this.outputText = '';
    yield this.response({ outputTranscription: { text, finished: true }, partial: false });
  }

  private argsOf(event: { name: string; arguments: string }): Record<string, unknown> {
    const args = parseToolArguments(event.arguments);
    if (args) return args;
    throw malformedResponseError({
      provider: PROVIDER,
      api: REALTIME_API,
      model: this.model,
      detail: `the arguments of ${event.name} are not a JSON object.`,
    });
  }

  private fullText(): LlmResponse {
    const text = this.text;
    this.text = '';
    return this.response({ content: modelContent({ text }), partial: false });
  }

  /** A response with the model version and session id, without undefined fields. */
  private response(fields: LlmResponse): LlmResponse {
    const response: LlmResponse = { modelVersion: this.model };
    const sessionId = this.sessionId();
    if (sessionId) response.liveSessionId = sessionId;
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) (response as Record<string, unknown>)[key] = value;
    }
    return response;
  }
}

function modelContent(part: Part): NonNullable<LlmResponse['content']> {
  return { role: 'model', parts: [part] };
}

/**
 * The response's token counts in genai's usage shape: input, output and
 * total counts, cached input tokens, and the counts per modality (text,
 * audio, image) as prompt and candidates token details.
 */
export function usageMetadataOf(usage: RealtimeUsage): GenerateContentResponseUsageMetadata {
  const metadata: GenerateContentResponseUsageMetadata = {};
  if (usage.input_tokens !== undefined) metadata.promptTokenCount = usage.input_tokens;
  if (usage.output_tokens !== undefined) metadata.candidatesTokenCount = usage.output_tokens;
  if (usage.total_tokens !== undefined) metadata.totalTokenCount = usage.total_tokens;
  const cached = usage.input_token_details?.cached_tokens;
  if (cached) metadata.cachedContentTokenCount = cached;
  const prompt = byModality(usage.input_token_details);
  if (prompt.length > 0) metadata.promptTokensDetails = prompt;
  const candidates = byModality(usage.output_token_details);
  if (candidates.length > 0) metadata.candidatesTokensDetails = candidates;
  return metadata;
}

type ModalityTokenCount = NonNullable<
  GenerateContentResponseUsageMetadata['promptTokensDetails']
>[number];

function byModality(details: RealtimeUsage['input_token_details']): ModalityTokenCount[] {
  // genai's MediaModality values; the types module is type-only, so they are spelled out.
  const counts: [string, number | undefined][] = [
    ['TEXT', details?.text_tokens],
    ['AUDIO', details?.audio_tokens],
    ['IMAGE', details?.image_tokens],
  ];
  return counts.flatMap(([modality, tokenCount]) =>
    tokenCount ? [{ modality: modality as ModalityTokenCount['modality'], tokenCount }] : [],
  );
}
