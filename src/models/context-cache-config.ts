import type { HttpOptions } from '@google/genai';
import { z } from 'zod';
import { InvalidContextCacheConfigError } from '../errors/invalid-context-cache-config-error.js';

/**
 * Context caching settings of an app (Python `ContextCacheConfig`); when an
 * app has one, every LLM agent of it caches its stable request prefix.
 *
 * - `cacheIntervals`: invocations a cache is reused for before it is
 *   refreshed; an integer in 1..100, default 10.
 * - `ttlSeconds`: the cache's lifetime in seconds; a positive integer,
 *   default 1800.
 * - `minTokens`: the previous request's prompt token count below which no
 *   cache is made; a non-negative integer, default 0. Gemini's own floor
 *   (2048 tokens for Gemini 2.5, 4096 for Gemini 3) applies as well.
 * - `createHttpOptions`: HTTP options of the `caches.create` call only
 *   (e.g. `{ timeout: 10000 }`); a creation that fails leaves the request
 *   uncached.
 *
 * The schema is strict (Python's `extra='forbid'`); it lives in the model
 * layer because `LlmRequest` carries it, and the context layer re-exports it.
 */
export const ContextCacheConfig = z.strictObject({
  cacheIntervals: z.int().min(1).max(100).default(10),
  ttlSeconds: z.int().positive().default(1800),
  minTokens: z.int().nonnegative().default(0),
  createHttpOptions: z
    .custom<HttpOptions>((value) => typeof value === 'object' && value !== null)
    .optional(),
});
/** A validated context caching config: every field filled (see the schema). */
export type ContextCacheConfig = z.infer<typeof ContextCacheConfig>;
/** What a user writes: any field may be left out to take its default. */
export type ContextCacheConfigInput = z.input<typeof ContextCacheConfig>;

/**
 * `input` validated and completed with the defaults. Throws
 * `InvalidContextCacheConfigError` naming the first field at fault.
 */
export function createContextCacheConfig(input: ContextCacheConfigInput = {}): ContextCacheConfig {
  const result = ContextCacheConfig.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field =
    issue.code === 'unrecognized_keys' ? (issue.keys[0] ?? '') : String(issue.path[0] ?? '');
  throw new InvalidContextCacheConfigError({
    field,
    message: `Invalid ContextCacheConfig.${field}: ${issue.message}.`,
  });
}

/** The TTL as the cachedContents API takes it, e.g. `1800s` (Python `ttl_string`). */
export function ttlString(config: ContextCacheConfig): string {
  return `${config.ttlSeconds}s`;
}
