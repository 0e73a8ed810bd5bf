import type { LlmResponse } from '../events/llm-response.js';
import type { GenerateContentResponse, Part } from '../types/index.js';
import { StreamingResponseAggregator } from './streaming-response-aggregator.js';

// Shared by the streaming-response-aggregator-*.test.ts files, which describe the two modes of
// Python's streaming_utils.py (spec 004, "StreamingResponseAggregator" and "Progressive SSE";
// spec 000 §5.2–5.3).

type ChunkFields = {
  finishReason?: string;
  finishMessage?: string;
  usageMetadata?: Record<string, unknown>;
  groundingMetadata?: Record<string, unknown>;
  citationMetadata?: Record<string, unknown>;
  modelVersion?: string;
};

/** One streamed GenerateContentResponse: a model candidate with `parts` (none if undefined) and `fields`. */
export function chunk(
  parts: Part[] | undefined,
  fields: ChunkFields = {},
): GenerateContentResponse {
  const { usageMetadata, modelVersion, ...candidateFields } = fields;
  const candidate: Record<string, unknown> = { ...candidateFields };
  if (parts) candidate['content'] = { role: 'model', parts };
  const response: Record<string, unknown> = { candidates: [candidate] };
  if (usageMetadata) response['usageMetadata'] = usageMetadata;
  if (modelVersion) response['modelVersion'] = modelVersion;
  return response as unknown as GenerateContentResponse;
}

/** Feeds `chunks` to `aggregator`; returns what each chunk emitted and what close() returned. */
export function run(
  aggregator: StreamingResponseAggregator,
  chunks: GenerateContentResponse[],
): { emitted: LlmResponse[][]; final: LlmResponse | undefined } {
  const emitted = chunks.map((response) => [...aggregator.processResponse(response)]);
  return { emitted, final: aggregator.close() };
}

/** A new aggregator in progressive SSE mode. */
export const progressive = () => new StreamingResponseAggregator({ progressive: true });

/** A new aggregator in classic mode. */
export const classic = () => new StreamingResponseAggregator({ progressive: false });
