import type { Content } from '../../types/index.js';
import type { LlmRequest } from '../llm-request.js';

// Gemini's documented floors for explicit caches; other model ids (tuned
// models, endpoints) are left to the server.
const GEMINI_2_5_MIN_CACHE_TOKENS = 2048;
const GEMINI_3_MIN_CACHE_TOKENS = 4096;
const CHARS_PER_TOKEN = 4;

/**
 * The explicit-cache token floor of a named Gemini model (Python
 * `_minimum_cache_tokens`): 2048 for `gemini-2.5-*`, 4096 for `gemini-3*`,
 * undefined for any other id. A resource path is judged by its last segment.
 */
export function minimumCacheTokens(model: string | undefined): number | undefined {
  const name = (model ?? '').split('/').at(-1) ?? '';
  if (name.startsWith('gemini-2.5-')) return GEMINI_2_5_MIN_CACHE_TOKENS;
  if (name.startsWith('gemini-3')) return GEMINI_3_MIN_CACHE_TOKENS;
  return undefined;
}

/**
 * How many leading contents to cache (Python
 * `_find_count_of_contents_to_cache`): everything before the last run of
 * consecutive `user` contents, so the request always sends some user
 * content; 0 when every content is the user's.
 */
export function countOfContentsToCache(contents: readonly Content[]): number {
  let start = contents.length;
  for (let index = contents.length - 1; index >= 0; index--) {
    if (contents[index]!.role !== 'user') break;
    start = index;
  }
  return start;
}

/**
 * A rough token count of the request, or of its first `contentsCount`
 * contents plus its system instruction and tools (Python
 * `_estimate_request_tokens`): characters of text (system instruction
 * text, tools as JSON, text parts) divided by four, rounded down.
 */
export function estimateRequestTokens(request: LlmRequest, contentsCount?: number): number {
  let chars = systemInstructionChars(request.config.systemInstruction);
  for (const tool of request.config.tools ?? []) chars += JSON.stringify(tool).length;
  const contents =
    contentsCount === undefined ? request.contents : request.contents.slice(0, contentsCount);
  for (const content of contents) {
    for (const part of content.parts ?? []) chars += part.text?.length ?? 0;
  }
  return Math.floor(chars / CHARS_PER_TOKEN);
}

/**
 * The estimated tokens of the prefix that would be cached (Python
 * `_estimate_cacheable_prefix_tokens`): the previous prompt's exact count
 * (`cacheableContentsTokenCount`) scaled by the prefix's estimated share of
 * the request; the exact count itself when there is no text to estimate
 * from; 0 without a previous count.
 */
export function estimateCacheablePrefixTokens(request: LlmRequest, contentsCount: number): number {
  const fullTokens = request.cacheableContentsTokenCount;
  if (!fullTokens) return 0;
  const fullEstimate = estimateRequestTokens(request);
  if (fullEstimate <= 0) return fullTokens;
  const ratio = Math.min(1, estimateRequestTokens(request, contentsCount) / fullEstimate);
  return Math.floor(fullTokens * ratio);
}

function systemInstructionChars(instruction: unknown): number {
  if (typeof instruction === 'string') return instruction.length;
  if (instruction === undefined || instruction === null) return 0;
  const parts = Array.isArray(instruction)
    ? instruction
    : ((instruction as Content).parts ?? [instruction]);
  let chars = 0;
  for (const part of parts as unknown[]) {
    if (typeof part === 'string') chars += part.length;
    else chars += (part as { text?: string }).text?.length ?? 0;
  }
  return chars;
}
