import { describe, expect, it } from 'vitest';
import type { Tool } from '../../types/index.js';
import { createLlmRequest, type LlmRequest } from '../llm-request.js';
import { cacheFingerprint, canonicalJson, type CacheScope } from './cache-fingerprint.js';
import {
  countOfContentsToCache,
  estimateCacheablePrefixTokens,
  estimateRequestTokens,
  minimumCacheTokens,
} from './cache-prefix.js';

/* adk-python models/gemini_context_cache_manager.py: fingerprint, prefix, estimates, floors. */

const scope: CacheScope = { backend: 'gemini' };
const tools: Tool[] = [
  { functionDeclarations: [{ name: 'b_tool' }, { name: 'a_tool' }] },
  { googleSearch: {} },
];

function request(fields: Partial<LlmRequest> = {}): LlmRequest {
  return createLlmRequest({
    model: 'gemini-2.0-flash',
    config: { systemInstruction: 'Be brief.', tools },
    contents: [
      { role: 'user', parts: [{ text: 'hello there' }] },
      { role: 'model', parts: [{ text: 'hi' }] },
      { role: 'user', parts: [{ text: 'again' }] },
    ],
    ...fields,
  });
}

describe('cache fingerprint (adk-python _generate_cache_fingerprint)', () => {
  it('is 16 hex digits, the same for reordered tools, declarations and keys', () => {
    const fingerprint = cacheFingerprint(request(), 2, scope);
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
    const reordered = request({
      config: {
        tools: [
          { googleSearch: {} },
          { functionDeclarations: [{ name: 'a_tool' }, { name: 'b_tool' }] },
        ],
        systemInstruction: 'Be brief.',
      },
    });
    expect(cacheFingerprint(reordered, 2, scope)).toBe(fingerprint);
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
  });

  it('covers the model, the scope, the instruction, the tools, the tool config and the first N contents only', () => {
    const base = cacheFingerprint(request(), 2, scope);
    expect(cacheFingerprint(request({ model: 'gemini-2.0-pro' }), 2, scope)).not.toBe(base);
    expect(
      cacheFingerprint(request(), 2, { backend: 'vertex', project: 'p', location: 'l' }),
    ).not.toBe(base);
    expect(cacheFingerprint(request(), 2, { backend: 'gemini', baseUrl: 'http://x' })).not.toBe(
      base,
    );
    expect(
      cacheFingerprint(request({ config: { systemInstruction: 'Be long.', tools } }), 2, scope),
    ).not.toBe(base);
    expect(
      cacheFingerprint(request({ config: { systemInstruction: 'Be brief.' } }), 2, scope),
    ).not.toBe(base);
    const withToolConfig = request({
      config: { systemInstruction: 'Be brief.', tools, toolConfig: { functionCallingConfig: {} } },
    });
    expect(cacheFingerprint(withToolConfig, 2, scope)).not.toBe(base);
    expect(cacheFingerprint(request(), 1, scope)).not.toBe(base);
    const later = request();
    later.contents[2] = { role: 'user', parts: [{ text: 'something else' }] };
    expect(cacheFingerprint(later, 2, scope)).toBe(base);
  });
});

describe('cacheable prefix (adk-python _find_count_of_contents_to_cache, estimates)', () => {
  it('caches everything before the last run of user contents', () => {
    expect(countOfContentsToCache([])).toBe(0);
    expect(countOfContentsToCache(request().contents)).toBe(2);
    const twoUsers = [...request().contents, { role: 'user', parts: [{ text: 'x' }] }];
    expect(countOfContentsToCache(twoUsers)).toBe(2);
    expect(countOfContentsToCache([{ role: 'user', parts: [{ text: 'x' }] }])).toBe(0);
  });

  it('estimates four characters a token and scales the previous exact count by the prefix share', () => {
    const plain = createLlmRequest({
      config: { systemInstruction: 'x'.repeat(40) },
      contents: [
        { role: 'user', parts: [{ text: 'y'.repeat(40) }] },
        { role: 'model', parts: [{ text: 'z'.repeat(80) }] },
        { role: 'user', parts: [{ text: 'w'.repeat(40) }] },
      ],
    });
    expect(estimateRequestTokens(plain)).toBe(50);
    expect(estimateRequestTokens(plain, 1)).toBe(20);
    expect(estimateCacheablePrefixTokens(plain, 2)).toBe(0);
    plain.cacheableContentsTokenCount = 1000;
    expect(estimateCacheablePrefixTokens(plain, 2)).toBe(800);
    expect(estimateCacheablePrefixTokens(plain, 3)).toBe(1000);
  });

  it('knows the Gemini 2.5 and 3 floors only', () => {
    expect(minimumCacheTokens('gemini-2.5-flash')).toBe(2048);
    expect(
      minimumCacheTokens('projects/p/locations/l/publishers/google/models/gemini-2.5-pro'),
    ).toBe(2048);
    expect(minimumCacheTokens('gemini-3-pro-preview')).toBe(4096);
    expect(minimumCacheTokens('gemini-2.0-flash')).toBeUndefined();
    expect(minimumCacheTokens(undefined)).toBeUndefined();
  });
});
