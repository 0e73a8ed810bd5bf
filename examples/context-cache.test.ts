import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeGeminiCacheServer } from '../test/providers/gemini-cache-server.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));

let server: FakeGeminiCacheServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('examples/context-cache (issue 19 §3)', () => {
  it('runs the cached tram guide against a local Gemini API with cachedContents', async () => {
    server = await FakeGeminiCacheServer.start();
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'examples/context-cache/main.ts'],
      {
        cwd: root,
        timeout: 30_000,
        env: {
          ...process.env,
          GOOGLE_API_KEY: server.apiKey,
          GOOGLE_GEMINI_BASE_URL: server.url,
          GOOGLE_GENAI_API_KEY: '',
          GEMINI_API_KEY: '',
          GOOGLE_GENAI_USE_VERTEXAI: '',
          GOOGLE_GENAI_USE_ENTERPRISE: '',
          GEMINI_MODEL: '',
        },
      },
    );
    const lines = stdout.split('\n').filter(Boolean);
    const [cache] = server.liveCaches();
    const cached = cache!.totalTokenCount;
    expect(lines[0]).toBe('tram_guide: Reply 1.');
    expect(lines[1]).toMatch(
      /^turn 1: no cache yet \(fingerprint of 0 contents\); prompt \d+ tokens, cached 0$/,
    );
    expect(lines.slice(2)).toEqual([
      'tram_guide: Reply 2.',
      `turn 2: cache cachedContents/cache-1 (use 1, 2 contents); prompt ${cached + 5} tokens, cached ${cached}`,
      'tram_guide: Reply 3.',
      `turn 3: cache cachedContents/cache-1 (use 2, 2 contents); prompt ${cached + 12} tokens, cached ${cached}`,
    ]);
    expect(server.cacheOperations).toEqual([
      { op: 'create', name: 'cachedContents/cache-1', status: 200 },
    ]);
  });
});
