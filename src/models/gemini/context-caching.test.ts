import { describe, expect, it } from 'vitest';
import { createContextCacheConfig } from '../context-cache-config.js';
import { createLlmRequest } from '../llm-request.js';
import { withContextCaching } from './context-caching.js';
import type { GeminiClient } from './gemini-client.js';

/* adk-python google_llm.py: caching only when the request has a cache config (and, here, the client a caches API). */

const unusedModels: GeminiClient['models'] = {
  generateContent: () => Promise.reject(new Error('not called')),
  generateContentStream: () => Promise.reject(new Error('not called')),
};

describe('withContextCaching', () => {
  it('leaves the call as it is without a cache config, or with a client that has no caches API', async () => {
    const params = { model: 'gemini-2.0-flash', contents: [], config: { systemInstruction: 'x' } };
    const client: GeminiClient = { vertexai: false, models: unusedModels };
    const plain = await withContextCaching(createLlmRequest(), params, client, {
      backend: 'gemini',
    });
    expect(plain).toEqual({ params });
    expect(plain.params).toBe(params);
    const configured = createLlmRequest({ cacheConfig: createContextCacheConfig() });
    const noCaches = await withContextCaching(configured, params, client, { backend: 'gemini' });
    expect(noCaches.params).toBe(params);
    expect(noCaches.cacheMetadata).toBeUndefined();
  });
});
