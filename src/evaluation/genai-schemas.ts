import { z } from 'zod';
import type {
  Content,
  FunctionCall,
  FunctionResponse,
  GenerateContentConfig,
  GenerateContentResponseUsageMetadata,
  GroundingMetadata,
  Part,
} from '../types/index.js';

const object = <T>() => z.custom<T>((value) => typeof value === 'object' && value !== null);

/** A genai `Content` inside an eval object; its fields are genai's own, not re-validated here. */
export const GenaiContent = object<Content>();
/** A genai `Part` inside an eval object. */
export const GenaiPart = object<Part>();
/** A genai `FunctionCall` (a tool use) inside an eval object. */
export const GenaiFunctionCall = object<FunctionCall>();
/** A genai `FunctionResponse` (a tool response) inside an eval object. */
export const GenaiFunctionResponse = object<FunctionResponse>();
/** A genai `GroundingMetadata` inside an eval object. */
export const GenaiGroundingMetadata = object<GroundingMetadata>();
/** A genai usage metadata record inside an eval object. */
export const GenaiUsageMetadata = object<GenerateContentResponseUsageMetadata>();
/** A genai `GenerateContentConfig` (a judge model's configuration). */
export const GenaiGenerateContentConfig = object<GenerateContentConfig>();
