import type { CreateCachedContentConfig } from '@google/genai';
import type { CacheMetadata } from '../../events/cache-metadata.js';
import type { LlmResponse } from '../../events/llm-response.js';
import type { Tool } from '../../types/index.js';
import { logger } from '../../utils/logger.js';
import { ttlString } from '../context-cache-config.js';
import type { LlmRequest } from '../llm-request.js';
import { cacheFingerprint, type CacheScope } from './cache-fingerprint.js';
import {
  countOfContentsToCache,
  estimateCacheablePrefixTokens,
  minimumCacheTokens,
} from './cache-prefix.js';
import type { GeminiClient } from './gemini-client.js';

type CachesApi = NonNullable<GeminiClient['caches']>;

const nowSeconds = (): number => Date.now() / 1000;

/**
 * The lifecycle of Gemini explicit context caches for one request (Python
 * `GeminiContextCacheManager`). `handleContextCaching` reads the request's
 * `cacheConfig`, `cacheMetadata` (the agent's latest, from the context-cache
 * request processor) and `cacheableContentsTokenCount`, and:
 *
 * - without metadata: returns fingerprint-only metadata of the cacheable
 *   prefix (every content before the last run of user contents); no cache
 *   is made on an agent's first request;
 * - with an active cache that has not expired, has been used for at most
 *   `cacheIntervals` invocations and whose fingerprint still matches: uses it;
 * - otherwise deletes the old cache (if any), and if the previously
 *   fingerprinted prefix is unchanged creates a cache of the larger of the
 *   old and current prefixes (`caches.create` with the contents, system
 *   instruction, tools, tool config and `ttlSeconds`), unless the previous
 *   prompt was under `minTokens` or the prefix's estimate is under the
 *   model's floor (`minimumCacheTokens`); a failed or skipped creation, or
 *   a changed prefix, yields fingerprint-only metadata.
 *
 * Using a cache changes the request: `config.cachedContent` names it and the
 * system instruction, tools, tool config and cached contents are removed.
 * Failures to create or delete are logged, never thrown: the request then
 * goes out uncached.
 */
export class GeminiContextCacheManager {
  constructor(
    private readonly caches: CachesApi,
    private readonly scope: CacheScope,
  ) {}

  /**
   * Applies caching to `request` (changed in place, see the class comment)
   * and returns the cache metadata its response carries, or undefined when
   * the request has no `cacheConfig`.
   */
  async handleContextCaching(request: LlmRequest): Promise<CacheMetadata | undefined> {
    if (!request.cacheConfig) return undefined;
    const previous = request.cacheMetadata;
    if (!previous) return this.fingerprintOnly(request, countOfContentsToCache(request.contents));

    if (this.isCacheValid(request, previous)) {
      logger.debug(`Reusing context cache ${previous.cacheName!}.`);
      applyCacheToRequest(request, previous.cacheName!, previous.contentsCount);
      return { ...previous };
    }
    if (previous.cacheName !== undefined) await this.cleanupCache(previous.cacheName);

    // Check the prefix fingerprinted before, before growing it.
    if (this.fingerprint(request, previous.contentsCount) !== previous.fingerprint) {
      return this.fingerprintOnly(request, countOfContentsToCache(request.contents));
    }
    const contentsCount = Math.max(
      previous.contentsCount,
      countOfContentsToCache(request.contents),
    );
    const created = await this.createCache(request, contentsCount);
    if (!created) return this.fingerprintOnly(request, contentsCount);
    applyCacheToRequest(request, created.cacheName!, contentsCount);
    return created;
  }

  /** Puts a copy of `metadata` on `response` (Python `populate_cache_metadata_in_response`). */
  populateCacheMetadataInResponse(response: LlmResponse, metadata: CacheMetadata): void {
    response.cacheMetadata = { ...metadata };
  }

  /** Deletes the cache `cacheName`; a failure is logged, not thrown. */
  async cleanupCache(cacheName: string): Promise<void> {
    try {
      await this.caches.delete({ name: cacheName });
      logger.info(`Context cache ${cacheName} deleted.`);
    } catch (error) {
      logger.warn(`Failed to delete context cache ${cacheName}.`, error);
    }
  }

  private isCacheValid(request: LlmRequest, metadata: CacheMetadata): boolean {
    if (metadata.cacheName === undefined) return false;
    if (nowSeconds() >= (metadata.expireTime ?? 0)) {
      logger.info(`Context cache ${metadata.cacheName} expired.`);
      return false;
    }
    const intervals = request.cacheConfig!.cacheIntervals;
    if ((metadata.invocationsUsed ?? 0) > intervals) {
      logger.info(
        `Context cache ${metadata.cacheName} used for ${metadata.invocationsUsed ?? 0} invocations (more than ${intervals}).`,
      );
      return false;
    }
    return this.fingerprint(request, metadata.contentsCount) === metadata.fingerprint;
  }

  private fingerprint(request: LlmRequest, contentsCount: number): string {
    return cacheFingerprint(request, contentsCount, this.scope);
  }

  private fingerprintOnly(request: LlmRequest, contentsCount: number): CacheMetadata {
    return { fingerprint: this.fingerprint(request, contentsCount), contentsCount };
  }

  private async createCache(
    request: LlmRequest,
    contentsCount: number,
  ): Promise<CacheMetadata | undefined> {
    const config = request.cacheConfig!;
    const previousTokens = request.cacheableContentsTokenCount;
    if (previousTokens === undefined) {
      logger.info('No previous token count: no context cache on an initial request.');
      return undefined;
    }
    if (previousTokens < config.minTokens) {
      logger.info(`Previous request too small to cache (${previousTokens} < ${config.minTokens}).`);
      return undefined;
    }
    const floor = minimumCacheTokens(request.model);
    const prefixTokens = estimateCacheablePrefixTokens(request, contentsCount);
    if (floor !== undefined && prefixTokens < floor) {
      logger.info(`Cacheable prefix below Gemini's minimum (${prefixTokens} < ${floor} tokens).`);
      return undefined;
    }
    try {
      return await this.createGeminiCache(request, contentsCount);
    } catch (error) {
      logger.warn('Failed to create a context cache.', error);
      return undefined;
    }
  }

  private async createGeminiCache(
    request: LlmRequest,
    contentsCount: number,
  ): Promise<CacheMetadata> {
    const config = request.cacheConfig!;
    const contents = request.contents.slice(0, contentsCount);
    const cacheConfig: CreateCachedContentConfig = {
      ttl: ttlString(config),
      displayName: `adk-cache-${Math.floor(nowSeconds())}-${contentsCount}contents`,
    };
    if (contents.length > 0) cacheConfig.contents = contents;
    const { systemInstruction, tools, toolConfig } = request.config;
    if (systemInstruction) cacheConfig.systemInstruction = systemInstruction;
    if (tools && tools.length > 0) cacheConfig.tools = tools as Tool[];
    if (toolConfig) cacheConfig.toolConfig = toolConfig;
    if (config.createHttpOptions) cacheConfig.httpOptions = config.createHttpOptions;

    const cached = await this.caches.create({ model: request.model ?? '', config: cacheConfig });
    const createdAt = nowSeconds();
    const serverExpiry = cached.expireTime ? Date.parse(cached.expireTime) : Number.NaN;
    const expireTime = Number.isNaN(serverExpiry)
      ? createdAt + config.ttlSeconds
      : serverExpiry / 1000;
    logger.info(`Context cache ${cached.name ?? ''} created.`);
    return {
      cacheName: cached.name ?? '',
      expireTime,
      fingerprint: this.fingerprint(request, contentsCount),
      invocationsUsed: 1,
      contentsCount,
      createdAt,
    };
  }
}

/**
 * Points `request` at the cache `cacheName` holding its first
 * `contentsCount` contents (Python `_apply_cache_to_request`): sets
 * `config.cachedContent`, removes the system instruction, tools and tool
 * config (the cache holds them) and the cached contents.
 */
export function applyCacheToRequest(
  request: LlmRequest,
  cacheName: string,
  contentsCount: number,
): void {
  delete request.config.systemInstruction;
  delete request.config.tools;
  delete request.config.toolConfig;
  request.config.cachedContent = cacheName;
  request.contents = request.contents.slice(contentsCount);
}
