import { describe, expect, it } from 'vitest';
import { createContextCacheConfig } from '../../context/app-configs.js';
import type { InvocationContext } from '../../context/invocation-context.js';
import type { CacheMetadata } from '../../events/cache-metadata.js';
import { createEvent } from '../../events/event.js';
import { createLlmRequest, type LlmRequest } from '../../models/llm-request.js';
import { createTestInvocationContext } from '../../testing/test-invocation-context.js';
import type { LlmAgentContract } from '../llm-agent-contract.js';
import { contextCacheRequestProcessor } from './context-cache.js';

/* adk-python flows/llm_flows/context_cache_processor.py: `_find_cache_info_from_events`. */

const active: CacheMetadata = {
  cacheName: 'cachedContents/c1',
  expireTime: 2_000_000_000,
  fingerprint: '0123456789abcdef',
  invocationsUsed: 3,
  contentsCount: 2,
  createdAt: 1_999_998_200,
};
const fingerprintOnly: CacheMetadata = { fingerprint: 'fedcba9876543210', contentsCount: 4 };

async function processed(
  events: Parameters<typeof createEvent>[0][],
): Promise<{ request: LlmRequest; context: InvocationContext }> {
  const context = await createTestInvocationContext({
    contextCacheConfig: createContextCacheConfig({ cacheIntervals: 3 }),
  });
  for (const event of events) context.session.events.push(createEvent(event));
  const request = createLlmRequest();
  for await (const _event of contextCacheRequestProcessor.runAsync(
    context,
    request,
    context.agent as LlmAgentContract,
  ));
  return { request, context };
}

describe('context cache request processor (adk-python context_cache_processor.py)', () => {
  it("an active cache from an earlier invocation counts one more use; the agent's latest prompt count comes along", async () => {
    const { request } = await processed([
      { invocationId: 'e-1', author: 'root_agent', usageMetadata: { promptTokenCount: 700 } },
      { invocationId: 'e-2', author: 'root_agent', cacheMetadata: active },
      { invocationId: 'e-2', author: 'root_agent', usageMetadata: { promptTokenCount: 900 } },
    ]);
    expect(request.cacheConfig).toEqual({ cacheIntervals: 3, ttlSeconds: 1800, minTokens: 0 });
    expect(request.cacheMetadata).toEqual({ ...active, invocationsUsed: 4 });
    expect(request.cacheableContentsTokenCount).toBe(900);
  });

  it('fingerprint-only metadata, and metadata of the current invocation, are copied as they are', async () => {
    const { request } = await processed([
      { invocationId: 'e-0', author: 'root_agent', cacheMetadata: fingerprintOnly },
    ]);
    expect(request.cacheMetadata).toEqual(fingerprintOnly);
    expect(request.cacheableContentsTokenCount).toBeUndefined();

    const context = await createTestInvocationContext({
      contextCacheConfig: createContextCacheConfig(),
    });
    context.session.events.push(
      createEvent({
        invocationId: context.invocationId,
        author: 'root_agent',
        cacheMetadata: active,
      }),
    );
    const same = createLlmRequest();
    for await (const _event of contextCacheRequestProcessor.runAsync(
      context,
      same,
      context.agent as LlmAgentContract,
    ));
    expect(same.cacheMetadata).toEqual(active);
  });

  it("other authors' metadata and counts are not this agent's", async () => {
    const { request } = await processed([
      {
        invocationId: 'e-1',
        author: 'other_agent',
        cacheMetadata: active,
        usageMetadata: { promptTokenCount: 5 },
      },
      { invocationId: 'e-1', author: 'user' },
    ]);
    expect(request.cacheMetadata).toBeUndefined();
    expect(request.cacheableContentsTokenCount).toBeUndefined();
    expect(request.cacheConfig).toBeDefined();
  });
});
