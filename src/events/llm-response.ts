import { z } from 'zod';
import { CacheMetadata } from './cache-metadata.js';
import type {
  CitationMetadata,
  Content,
  FinishReason,
  GenerateContentResponseUsageMetadata,
  GroundingMetadata,
  LiveServerGoAway,
  LiveServerSessionResumptionUpdate,
  LogprobsResult,
  Transcription,
} from '../types/index.js';

const object = <T>() => z.custom<T>((value) => typeof value === 'object' && value !== null);

/**
 * The fields of one model response (Python `LlmResponse`), shared by `Event`,
 * which extends it. It lives beside Event because Event is built on it; the
 * model layer re-exports it.
 */
export const LlmResponseFields = {
  modelVersion: z.string().optional(),
  content: object<Content>().optional(),
  groundingMetadata: object<GroundingMetadata>().optional(),
  partial: z.boolean().optional(),
  turnComplete: z.boolean().optional(),
  finishReason: z.custom<FinishReason>((value) => typeof value === 'string').optional(),
  errorCode: z.string().optional(),
  errorMessage: z.string().optional(),
  interrupted: z.boolean().optional(),
  customMetadata: z.record(z.string(), z.unknown()).optional(),
  usageMetadata: object<GenerateContentResponseUsageMetadata>().optional(),
  liveSessionResumptionUpdate: object<LiveServerSessionResumptionUpdate>().optional(),
  liveSessionId: z.string().optional(),
  goAway: object<LiveServerGoAway>().optional(),
  inputTranscription: object<Transcription>().optional(),
  outputTranscription: object<Transcription>().optional(),
  avgLogprobs: z.number().optional(),
  logprobsResult: object<LogprobsResult>().optional(),
  cacheMetadata: CacheMetadata.optional(),
  citationMetadata: object<CitationMetadata>().optional(),
  interactionId: z.string().optional(),
};

/** One response (or streamed chunk) from a model. */
export const LlmResponse = z.object(LlmResponseFields);
/** One response (or streamed chunk) from a model. */
export type LlmResponse = z.infer<typeof LlmResponse>;
