import type { GenerateContentParameters } from '@google/genai';
import type { CacheMetadata } from '../../events/cache-metadata.js';
import type { Content } from '../../types/index.js';
import type { LlmRequest } from '../llm-request.js';
import type { CacheScope } from './cache-fingerprint.js';
import type { GeminiClient } from './gemini-client.js';
import { GeminiContextCacheManager } from './gemini-context-cache-manager.js';

/** What `withContextCaching` returns: the parameters to send, and the metadata for the final response. */
export interface CachedCall {
  params: GenerateContentParameters;
  /** Set when the request had a cache config; the final response carries a copy. */
  cacheMetadata?: CacheMetadata;
  manager?: GeminiContextCacheManager;
}

/**
 * Context caching of one `generateContent(Stream)` call (Python
 * `Gemini.generate_content_async`): when the request has a `cacheConfig` and
 * the client offers the cachedContents API, the prepared parameters (their
 * model, contents ending in a user turn, and config) go through a
 * `GeminiContextCacheManager`, which may point them at a cache and drop what
 * it holds. Otherwise the parameters are returned unchanged. The request
 * itself is not changed.
 */
export async function withContextCaching(
  request: LlmRequest,
  params: GenerateContentParameters,
  client: GeminiClient,
  scope: CacheScope,
): Promise<CachedCall> {
  if (!request.cacheConfig || !client.caches) return { params };
  const working: LlmRequest = {
    ...request,
    model: params.model,
    contents: params.contents as Content[],
    config: { ...params.config },
  };
  const manager = new GeminiContextCacheManager(client.caches, scope);
  const cacheMetadata = await manager.handleContextCaching(working);
  return {
    params: { model: params.model, contents: working.contents, config: working.config },
    ...(cacheMetadata ? { cacheMetadata, manager } : {}),
  };
}
