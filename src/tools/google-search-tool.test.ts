import { afterEach, describe, expect, it, vi } from 'vitest';
import { Context } from '../context/context.js';
import { NotSupportedError } from '../errors/not-supported-error.js';
import { UnsupportedModelError } from '../errors/unsupported-model-error.js';
import { createLlmRequest, type LlmRequest } from '../models/llm-request.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import { GoogleSearchTool, googleSearch } from './google-search-tool.js';

async function process(tool: GoogleSearchTool, request: LlmRequest): Promise<void> {
  const context = new Context(await createTestInvocationContext());
  await tool.processLlmRequest({ context, request });
}

describe('google_search (FUNCTIONS.md §5.4, spec 000 §3.9)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('adds {googleSearch: {}} for Gemini 2+ models, after the other tools', async () => {
    const request = createLlmRequest({
      model: 'gemini-2.5-flash',
      config: { tools: [{ functionDeclarations: [{ name: 'f' }] }] },
    });
    await process(googleSearch, request);
    expect(request.config.tools).toEqual([
      { functionDeclarations: [{ name: 'f' }] },
      { googleSearch: {} },
    ]);
    expect(googleSearch.name).toBe('google_search');
    expect(googleSearch.getDeclaration()).toBeUndefined();
    expect(request.toolsDict).toEqual({});
  });

  it('uses googleSearchRetrieval on Gemini 1.x, alone', async () => {
    const request = createLlmRequest({ model: 'gemini-1.5-flash' });
    await process(googleSearch, request);
    expect(request.config.tools).toEqual([{ googleSearchRetrieval: {} }]);
    const crowded = createLlmRequest({
      model: 'gemini-1.5-flash',
      config: { tools: [{ urlContext: {} }] },
    });
    await expect(process(googleSearch, crowded)).rejects.toThrow(
      new UnsupportedModelError({
        toolName: 'google_search',
        model: 'gemini-1.5-flash',
        message: 'Google search tool cannot be used with other tools in Gemini 1.x.',
      }),
    );
  });

  it("throws Python's error for other models, unless the model-id check is off", async () => {
    const request = createLlmRequest({ model: 'claude-3-5-sonnet' });
    const error: unknown = await process(googleSearch, request).catch((caught: unknown) => caught);
    expect(UnsupportedModelError.isInstance(error)).toBe(true);
    expect(NotSupportedError.isInstance(error)).toBe(true);
    expect((error as UnsupportedModelError).message).toBe(
      'Google search tool is not supported for model claude-3-5-sonnet',
    );
    expect((error as UnsupportedModelError).model).toBe('claude-3-5-sonnet');
    await expect(process(googleSearch, createLlmRequest())).rejects.toThrow(
      'Google search tool is not supported for model None',
    );
    vi.stubEnv('ADK_DISABLE_GEMINI_MODEL_ID_CHECK', 'true');
    const internal = createLlmRequest({ model: 'internal-model' });
    await process(googleSearch, internal);
    expect(internal.config.tools).toEqual([{ googleSearch: {} }]);
  });

  it('replaces the request model with its own model before checking', async () => {
    const tool = new GoogleSearchTool({
      model: 'gemini-2.5-flash-lite',
      bypassMultiToolsLimit: true,
    });
    const request = createLlmRequest({ model: 'claude-3' });
    await process(tool, request);
    expect(request.model).toBe('gemini-2.5-flash-lite');
    expect(request.config.tools).toEqual([{ googleSearch: {} }]);
    expect(tool.bypassMultiToolsLimit).toBe(true);
  });

  it('is never run by the framework', async () => {
    await expect(googleSearch.runAsync()).rejects.toThrow(
      'google_search is a model built-in tool: the model runs it, not the framework.',
    );
  });
});
