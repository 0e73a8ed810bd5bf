import { afterEach, describe, expect, it, vi } from 'vitest';
import { Context } from '../context/context.js';
import { UnsupportedModelError } from '../errors/unsupported-model-error.js';
import { createLlmRequest, type LlmRequest } from '../models/llm-request.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import { urlContext } from './url-context-tool.js';

async function process(request: LlmRequest): Promise<void> {
  await urlContext.processLlmRequest({
    context: new Context(await createTestInvocationContext()),
    request,
  });
}

describe('url_context (FUNCTIONS.md §5.4, spec 000 §3.9)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('adds {urlContext: {}} for Gemini 2+ and Early Access models', async () => {
    for (const model of ['gemini-2.5-flash', 'gemini-3-pro-preview', 'gemini-flash-early-exp']) {
      const request = createLlmRequest({ model });
      await process(request);
      expect(request.config.tools).toEqual([{ urlContext: {} }]);
    }
    expect(urlContext.name).toBe('url_context');
    expect(urlContext.getDeclaration()).toBeUndefined();
  });

  it("throws Python's errors for Gemini 1.x and other models", async () => {
    await expect(process(createLlmRequest({ model: 'gemini-1.5-pro' }))).rejects.toThrow(
      'Url context tool cannot be used in Gemini 1.x.',
    );
    await expect(process(createLlmRequest({ model: 'gemini-flash-latest' }))).rejects.toThrow(
      new UnsupportedModelError({
        toolName: 'url_context',
        model: 'gemini-flash-latest',
        message: 'Url context tool is not supported for model gemini-flash-latest',
      }),
    );
  });

  it('accepts any model when the model-id check is off, but never Gemini 1.x', async () => {
    vi.stubEnv('ADK_DISABLE_GEMINI_MODEL_ID_CHECK', '1');
    const request = createLlmRequest({ model: 'internal' });
    await process(request);
    expect(request.config.tools).toEqual([{ urlContext: {} }]);
    await expect(process(createLlmRequest({ model: 'gemini-1.5-pro' }))).rejects.toThrow(
      UnsupportedModelError,
    );
  });
});
