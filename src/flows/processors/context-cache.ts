import type { CacheMetadata } from '../../events/cache-metadata.js';
import type { Event } from '../../events/event.js';
import type { LlmRequestProcessor } from '../llm-processor.js';

/**
 * Context caching (spec 000 Appendix A #7, Python `context_cache_processor`):
 * when the app configures caching, the request carries the cache config, the
 * latest cache metadata of this agent's responses and the prompt token count
 * of its latest response. The metadata of an active cache from an earlier
 * invocation has `invocationsUsed` incremented (this invocation uses it once
 * more); fingerprint-only metadata and this invocation's own are copied as
 * they are. The model's cache manager (e.g. Gemini's) acts on them. Apps
 * without caching pass through.
 */
export const contextCacheRequestProcessor: LlmRequestProcessor = {
  async *runAsync(context, request, agent) {
    const config = context.contextCacheConfig;
    if (!config) return;
    request.cacheConfig = config;
    const { cacheMetadata, promptTokenCount } = findCacheInfo(
      context.session.events,
      agent.name,
      context.invocationId,
    );
    if (cacheMetadata) request.cacheMetadata = cacheMetadata;
    if (promptTokenCount !== undefined) request.cacheableContentsTokenCount = promptTokenCount;
  },
};

function findCacheInfo(
  events: readonly Event[],
  agentName: string,
  invocationId: string,
): { cacheMetadata?: CacheMetadata; promptTokenCount?: number } {
  let cacheMetadata: CacheMetadata | undefined;
  let promptTokenCount: number | undefined;
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index]!;
    if (event.author !== agentName) continue;
    if (cacheMetadata === undefined && event.cacheMetadata) {
      const metadata = event.cacheMetadata;
      cacheMetadata =
        event.invocationId &&
        event.invocationId !== invocationId &&
        metadata.cacheName !== undefined
          ? { ...metadata, invocationsUsed: (metadata.invocationsUsed ?? 0) + 1 }
          : { ...metadata };
    }
    const count = event.usageMetadata?.promptTokenCount;
    if (promptTokenCount === undefined && typeof count === 'number') promptTokenCount = count;
    if (cacheMetadata !== undefined && promptTokenCount !== undefined) break;
  }
  return {
    ...(cacheMetadata ? { cacheMetadata } : {}),
    ...(promptTokenCount === undefined ? {} : { promptTokenCount }),
  };
}
