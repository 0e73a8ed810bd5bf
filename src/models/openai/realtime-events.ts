import { z } from 'zod';

/** The `error` object of a Realtime `error` event or of a failed response. */
export const RealtimeErrorBody = z.looseObject({
  type: z.string().nullish(),
  code: z.string().nullish(),
  message: z.string().nullish(),
  param: z.string().nullish(),
});
/** The `error` object of a Realtime `error` event or of a failed response. */
export type RealtimeErrorBody = z.infer<typeof RealtimeErrorBody>;

const TokensByModality = z.looseObject({
  text_tokens: z.number().optional(),
  audio_tokens: z.number().optional(),
  image_tokens: z.number().optional(),
  cached_tokens: z.number().optional(),
});

/** Token counts of a finished Realtime response. */
export const RealtimeUsage = z.looseObject({
  input_tokens: z.number().optional(),
  output_tokens: z.number().optional(),
  total_tokens: z.number().optional(),
  input_token_details: TokensByModality.optional(),
  output_token_details: TokensByModality.optional(),
});
/** Token counts of a finished Realtime response. */
export type RealtimeUsage = z.infer<typeof RealtimeUsage>;

const delta = <T extends string>(type: T) =>
  z.looseObject({ type: z.literal(type), delta: z.string(), item_id: z.string().optional() });

/**
 * The Realtime server events the connection acts on (GA protocol, as the
 * `openai` client's `RealtimeServerEvent` names them), checked loosely:
 * extra fields pass, and any other event type is not in this union and is
 * skipped by the connection.
 */
export const RealtimeServerEvent = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('session.created') }),
  z.looseObject({ type: z.literal('session.updated') }),
  z.looseObject({ type: z.literal('error'), error: RealtimeErrorBody }),
  z.looseObject({ type: z.literal('response.created') }),
  delta('response.output_text.delta'),
  delta('response.output_audio.delta'),
  delta('response.output_audio_transcript.delta'),
  z.looseObject({
    type: z.literal('response.output_audio_transcript.done'),
    transcript: z.string().optional(),
  }),
  z.looseObject({
    type: z.literal('conversation.item.input_audio_transcription.delta'),
    delta: z.string().optional(),
  }),
  z.looseObject({
    type: z.literal('conversation.item.input_audio_transcription.completed'),
    transcript: z.string(),
  }),
  z.looseObject({
    type: z.literal('conversation.item.input_audio_transcription.failed'),
    error: RealtimeErrorBody,
  }),
  z.looseObject({
    type: z.literal('response.function_call_arguments.done'),
    call_id: z.string(),
    name: z.string(),
    arguments: z.string(),
  }),
  z.looseObject({ type: z.literal('input_audio_buffer.speech_started') }),
  z.looseObject({
    type: z.literal('response.done'),
    response: z.looseObject({
      status: z.string().optional(),
      status_details: z
        .looseObject({
          type: z.string().optional(),
          reason: z.string().nullish(),
          error: RealtimeErrorBody.nullish(),
        })
        .nullish(),
      usage: RealtimeUsage.nullish(),
    }),
  }),
]);
/** The Realtime server events the connection acts on. */
export type RealtimeServerEvent = z.infer<typeof RealtimeServerEvent>;

const knownTypes = new Set<string>(
  RealtimeServerEvent.options.map((option) => option.shape.type.value),
);

/**
 * The event as one the connection acts on, or undefined for an event of
 * another type. An event of a known type whose fields do not fit is
 * returned as a `malformed` marker so the connection can fail on it.
 */
export function parseRealtimeServerEvent(
  raw: unknown,
): RealtimeServerEvent | { malformed: string } | undefined {
  const type = (raw as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !knownTypes.has(type)) return undefined;
  const parsed = RealtimeServerEvent.safeParse(raw);
  return parsed.success ? parsed.data : { malformed: type };
}
