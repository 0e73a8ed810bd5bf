import { describe, expect, it } from 'vitest';
import { Context } from '../context/context.js';
import { UnsupportedModelError } from '../errors/unsupported-model-error.js';
import { createLlmRequest, type LlmRequest } from '../models/llm-request.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import { googleMapsGrounding } from './google-maps-grounding-tool.js';

async function process(request: LlmRequest): Promise<void> {
  await googleMapsGrounding.processLlmRequest({
    context: new Context(await createTestInvocationContext()),
    request,
  });
}

describe('google_maps_grounding (FUNCTIONS.md §5.4, spec 000 §3.9)', () => {
  it('adds {googleMaps: {}} for Gemini models', async () => {
    const request = createLlmRequest({ model: 'gemini-2.5-flash', config: { temperature: 0.1 } });
    await process(request);
    expect(request.config).toEqual({ temperature: 0.1, tools: [{ googleMaps: {} }] });
    expect(googleMapsGrounding.name).toBe('google_maps');
    expect(googleMapsGrounding.getDeclaration()).toBeUndefined();
  });

  it("throws Python's errors for Gemini 1.x and other models", async () => {
    await expect(process(createLlmRequest({ model: 'gemini-1.5-pro' }))).rejects.toThrow(
      'Google Maps grounding tool cannot be used with Gemini 1.x models.',
    );
    await expect(process(createLlmRequest({ model: 'gpt-4o' }))).rejects.toThrow(
      new UnsupportedModelError({
        toolName: 'google_maps',
        model: 'gpt-4o',
        message: 'Google maps tool is not supported for model gpt-4o',
      }),
    );
  });
});
