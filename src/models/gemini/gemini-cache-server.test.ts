import { GoogleGenAI } from '@google/genai';
import { describe, expect, it, vi } from 'vitest';
import { promptTokens, TOOL_TOKENS } from '../../../test/providers/gemini-cache-tokens.js';
import type { FakeGeminiCacheServer } from '../../../test/providers/gemini-cache-server.js';
import { startCacheServer, useGeminiCacheTestEnvironment } from './gemini-cache-test-fixtures.js';

/*
 * The fake cachedContents API driven through the official @google/genai
 * client (issue 19 §3 "Tests"): create, get, update TTL, list, delete, and
 * generateContent with cachedContent and its usage figures.
 */

useGeminiCacheTestEnvironment();

function client(server: FakeGeminiCacheServer): GoogleGenAI {
  return new GoogleGenAI({ apiKey: server.apiKey, httpOptions: { baseUrl: server.url } });
}

const contents = [
  { role: 'user', parts: [{ text: 'The guide has five chapters.' }] },
  { role: 'model', parts: [{ text: 'Noted.' }] },
];

describe('FakeGeminiCacheServer through @google/genai', () => {
  it('creates, gets, updates the TTL of, lists and deletes caches', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 0, 1));
    const server = await startCacheServer();
    const ai = client(server);
    const created = await ai.caches.create({
      model: 'gemini-2.0-flash',
      config: {
        contents,
        systemInstruction: 'Answer from the guide.',
        tools: [{ functionDeclarations: [{ name: 'lookup' }] }],
        ttl: '60s',
        displayName: 'guide',
      },
    });
    expect(created).toMatchObject({
      name: 'cachedContents/cache-1',
      model: 'models/gemini-2.0-flash',
      displayName: 'guide',
      expireTime: '2026-01-01T00:01:00.000Z',
      usageMetadata: { totalTokenCount: 5 + 1 + 4 + TOOL_TOKENS },
    });
    expect((await ai.caches.get({ name: 'cachedContents/cache-1' })).expireTime).toBe(
      '2026-01-01T00:01:00.000Z',
    );
    const updated = await ai.caches.update({
      name: 'cachedContents/cache-1',
      config: { ttl: '600s' },
    });
    expect(updated.expireTime).toBe('2026-01-01T00:10:00.000Z');

    await ai.caches.create({ model: 'gemini-2.0-flash', config: { contents, ttl: '30s' } });
    const names: string[] = [];
    for await (const cache of await ai.caches.list({ config: { pageSize: 1 } }))
      names.push(cache.name!);
    expect(names).toEqual(['cachedContents/cache-1', 'cachedContents/cache-2']);

    vi.setSystemTime(Date.UTC(2026, 0, 1, 0, 0, 31));
    expect(server.liveCaches().map((cache) => cache.name)).toEqual(['cachedContents/cache-1']);
    await ai.caches.delete({ name: 'cachedContents/cache-1' });
    await expect(ai.caches.get({ name: 'cachedContents/cache-1' })).rejects.toMatchObject({
      status: 403,
    });
    expect(server.cacheOperations.map(({ op, status }) => `${op} ${status}`)).toEqual([
      'create 200',
      'get 200',
      'update 200',
      'create 200',
      'list 200',
      'list 200',
      'delete 200',
      'get 403',
    ]);
  });

  it('generateContent with cachedContent reports the cached tokens within the prompt tokens', async () => {
    const server = await startCacheServer();
    const ai = client(server);
    const cache = await ai.caches.create({
      model: 'gemini-2.0-flash',
      config: { contents, systemInstruction: 'Answer from the guide.', ttl: '60s' },
    });
    const response = await ai.models.generateContent({
      model: 'gemini-2.0-flash',
      contents: [{ role: 'user', parts: [{ text: 'How many chapters?' }] }],
      config: { cachedContent: cache.name! },
    });
    expect(response.text).toBe('Reply 1.');
    expect(response.usageMetadata).toMatchObject({
      promptTokenCount: 10 + 3,
      cachedContentTokenCount: 10,
      candidatesTokenCount: 2,
      totalTokenCount: 15,
    });
    expect(promptTokens({ systemInstruction: 'a b', contents })).toBe(2 + 6);
  });

  it('refuses what the API refuses: a cache with a system instruction in the request, another model, a missing cache, a small cache', async () => {
    const server = await startCacheServer({ minCacheTokens: 100 });
    const ai = client(server);
    await expect(
      ai.caches.create({ model: 'gemini-2.0-flash', config: { contents, ttl: '60s' } }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('too small') });
    const big = [{ role: 'user', parts: [{ text: 'word '.repeat(120) }] }];
    const cache = await ai.caches.create({
      model: 'gemini-2.0-flash',
      config: { contents: big, ttl: '60s' },
    });
    const ask = (model: string, config: Record<string, unknown>) =>
      ai.models.generateContent({
        model,
        contents: 'hi',
        config: { cachedContent: cache.name!, ...config },
      });
    await expect(ask('gemini-2.0-flash', { systemInstruction: 'x' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(ask('gemini-2.0-pro', {})).rejects.toMatchObject({ status: 400 });
    await expect(
      ai.models.generateContent({
        model: 'gemini-2.0-flash',
        contents: 'hi',
        config: { cachedContent: 'cachedContents/nope' },
      }),
    ).rejects.toMatchObject({ status: 403 });
    expect((await ask('gemini-2.0-flash', {})).usageMetadata?.cachedContentTokenCount).toBe(120);
  });
});
