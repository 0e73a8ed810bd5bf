import { describe, expect, it, vi } from 'vitest';
import { candidateResponse } from '../../../test/providers/gemini-server.js';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { MissingApiKeyError } from '../../errors/missing-api-key-error.js';
import { LLMRegistry } from '../registry.js';
import { Gemini } from './gemini.js';
import {
  useGeminiTestEnvironment,
  start,
  gemini,
  ask,
  collect,
  labels,
} from './gemini-test-fixtures.js';

useGeminiTestEnvironment();

describe('Gemini: configuration', () => {
  it('reads the key and, through the SDK, the base URL from the environment: new Gemini({model}) alone works', async () => {
    const target = await start({
      kind: 'response',
      body: candidateResponse({ parts: [{ text: 'Hi!' }] }),
    });
    vi.stubEnv('GOOGLE_GENAI_API_KEY', '');
    vi.stubEnv('GOOGLE_API_KEY', target.apiKey);
    vi.stubEnv('GEMINI_API_KEY', 'a-different-key');
    vi.stubEnv('GOOGLE_GENAI_USE_VERTEXAI', '');
    vi.stubEnv('GOOGLE_GENAI_USE_ENTERPRISE', '');
    vi.stubEnv('GOOGLE_GEMINI_BASE_URL', target.url);

    const responses = await collect(
      new Gemini({ model: 'gemini-2.5-flash' }).generateContentAsync(ask('Hi')),
    );

    expect(responses[0]?.content?.parts).toEqual([{ text: 'Hi!' }]);
    expect(target.requests[0]?.headers['x-goog-api-key']).toBe(target.apiKey);
  });

  it('selects Vertex AI from GOOGLE_GENAI_USE_VERTEXAI=1 with GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION', async () => {
    const target = await start({
      kind: 'response',
      body: candidateResponse({ parts: [{ text: 'Hi!' }] }),
    });
    vi.stubEnv('GOOGLE_GENAI_USE_ENTERPRISE', '');
    vi.stubEnv('GOOGLE_GENAI_USE_VERTEXAI', '1');
    vi.stubEnv('GOOGLE_CLOUD_PROJECT', 'env-project');
    vi.stubEnv('GOOGLE_CLOUD_LOCATION', 'europe-west4');

    await collect(gemini(target, { maxRetries: 0 }).generateContentAsync(ask('Hi')));

    expect(target.requests[0]?.path).toBe(
      '/v1beta1/projects/env-project/locations/europe-west4/publishers/google/models/gemini-2.5-flash:generateContent',
    );
  });

  it('uses Vertex AI express mode (an API key, no project) for vertexai without a project', async () => {
    const target = await start({
      kind: 'response',
      body: candidateResponse({ parts: [{ text: 'Hi!' }] }),
    });
    vi.stubEnv('GOOGLE_CLOUD_PROJECT', '');

    await collect(gemini(target, { vertexai: true }).generateContentAsync(ask('Hi')));

    expect(target.requests[0]?.path).toBe(
      '/v1beta1/publishers/google/models/gemini-2.5-flash:generateContent',
    );
    expect(target.requests[0]?.headers['x-goog-api-key']).toBe(target.apiKey);
  });

  it('adds the headers option to every request, appending given tracking values to ours', async () => {
    const target = await start({
      kind: 'response',
      body: candidateResponse({ parts: [{ text: 'ok' }] }),
    });

    await collect(
      gemini(target, {
        headers: { 'X-Team': 'weather', 'x-goog-api-client': 'my-app/2.0' },
      }).generateContentAsync(ask('Hi')),
    );

    expect(target.requests[0]?.headers['x-team']).toBe('weather');
    expect(target.requests[0]?.headers['x-goog-api-client']).toBe(`${labels} my-app/2.0`);
    expect(target.requests[0]?.headers['user-agent']).toBe(labels);
  });

  it('builds without credentials; the first call throws MissingApiKeyError, a later one picks up a key', async () => {
    const target = await start({
      kind: 'response',
      body: candidateResponse({ parts: [{ text: 'ok' }] }),
    });
    for (const name of [
      'GOOGLE_GENAI_API_KEY',
      'GOOGLE_API_KEY',
      'GEMINI_API_KEY',
      'GOOGLE_GENAI_USE_VERTEXAI',
      'GOOGLE_GENAI_USE_ENTERPRISE',
    ]) {
      vi.stubEnv(name, '');
    }
    const model = new Gemini({ model: 'gemini-2.5-flash', baseUrl: target.url, maxRetries: 0 });

    await expect(collect(model.generateContentAsync(ask('Hi')))).rejects.toSatisfy(
      (error: unknown) =>
        MissingApiKeyError.isInstance(error) &&
        error.message.includes('GOOGLE_GENAI_API_KEY, GOOGLE_API_KEY, GEMINI_API_KEY'),
    );
    expect(target.requests).toHaveLength(0);

    vi.stubEnv('GEMINI_API_KEY', target.apiKey);
    const responses = await collect(model.generateContentAsync(ask('Hi')));
    expect(responses[0]?.content?.parts).toEqual([{ text: 'ok' }]);
  });

  it('defaults to gemini-2.5-flash and refuses an empty model and bad retry and timeout options', () => {
    expect(new Gemini().model).toBe('gemini-2.5-flash');
    expect(() => new Gemini({ maxRetries: -1 })).toThrow(InvalidArgumentError);
    expect(() => new Gemini({ maxRetries: 1.5 })).toThrow(InvalidArgumentError);
    expect(() => new Gemini({ timeoutMs: 0 })).toThrow(InvalidArgumentError);
    expect(() => new Gemini({ model: '' })).toThrow(InvalidArgumentError);
  });

  it('does not pair function calls by id (ids stay stripped for Gemini)', () => {
    expect('pairsFunctionCallsById' in new Gemini()).toBe(false);
  });

  it('serves the model names Python’s Gemini does, through LLMRegistry', () => {
    LLMRegistry.register(Gemini);
    for (const name of [
      'gemini-2.5-flash',
      'gemini-3-pro-preview',
      'model-optimizer-exp-04-09',
      'projects/p/locations/us-central1/endpoints/1234',
      'projects/p/locations/global/publishers/google/models/gemini-2.5-pro',
    ]) {
      expect(LLMRegistry.resolve(name)).toBe(Gemini);
    }
    expect(LLMRegistry.newLlm('gemini-2.0-flash')).toBeInstanceOf(Gemini);
    expect(() =>
      LLMRegistry.resolve('projects/p/locations/l/publishers/meta/models/llama'),
    ).toThrow();
  });
});
