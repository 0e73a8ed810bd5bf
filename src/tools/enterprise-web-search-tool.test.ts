import { describe, expect, it } from 'vitest';
import { Context } from '../context/context.js';
import { UnsupportedModelError } from '../errors/unsupported-model-error.js';
import { createLlmRequest, type LlmRequest } from '../models/llm-request.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import { enterpriseWebSearch } from './enterprise-web-search-tool.js';

async function process(request: LlmRequest): Promise<void> {
  await enterpriseWebSearch.processLlmRequest({
    context: new Context(await createTestInvocationContext()),
    request,
  });
}

describe('enterprise_web_search (spec 000 §3.9)', () => {
  it('adds {enterpriseWebSearch: {}} for Gemini models, alone on Gemini 1.x', async () => {
    const modern = createLlmRequest({
      model: 'gemini-2.5-flash',
      config: { tools: [{ googleSearch: {} }] },
    });
    await process(modern);
    expect(modern.config.tools).toEqual([{ googleSearch: {} }, { enterpriseWebSearch: {} }]);
    const old = createLlmRequest({ model: 'gemini-1.5-flash' });
    await process(old);
    expect(old.config.tools).toEqual([{ enterpriseWebSearch: {} }]);
    expect(enterpriseWebSearch.name).toBe('enterprise_web_search');
  });

  it("throws Python's errors", async () => {
    await expect(
      process(
        createLlmRequest({ model: 'gemini-1.5-flash', config: { tools: [{ googleSearch: {} }] } }),
      ),
    ).rejects.toThrow('Enterprise Web Search tool cannot be used with other tools in Gemini 1.x.');
    await expect(process(createLlmRequest({ model: 'gpt-4' }))).rejects.toThrow(
      new UnsupportedModelError({
        toolName: 'enterprise_web_search',
        model: 'gpt-4',
        message: 'Enterprise Web Search tool is not supported for model gpt-4',
      }),
    );
  });
});
