import { describe, expect, it } from 'vitest';
import { AnthropicLlm } from './anthropic/anthropic-llm.js';
import { BaseLlm } from './base-llm.js';
import { Gemini } from './gemini/gemini.js';
import { OpenAILlm } from './openai/openai-llm.js';
import { LLMRegistry } from './registry.js';
import type { LlmResponse } from '../events/llm-response.js';

// Issue 4 §1: a model name resolves to a provider class by adk-python's
// patterns, built-ins first, user classes added with register().

describe('LLMRegistry built-in model classes (issue 4 §1)', () => {
  it('resolves every documented name pattern to its provider class', () => {
    const cases: [string, unknown][] = [
      ['gemini-2.5-flash', Gemini],
      ['model-optimizer-exp-04-09', Gemini],
      ['projects/p/locations/us-central1/endpoints/123', Gemini],
      ['projects/p/locations/us-central1/publishers/google/models/gemini-2.5-pro', Gemini],
      ['claude-sonnet-4-5', AnthropicLlm],
      ['claude-3-5-haiku-latest', AnthropicLlm],
      ['anthropic/claude-opus-4-1', AnthropicLlm],
      ['gpt-4o-mini', OpenAILlm],
      ['o1', OpenAILlm],
      ['o3-mini', OpenAILlm],
      ['o4-mini', OpenAILlm],
      ['openai/gpt-4.1', OpenAILlm],
      ['ollama/llama3.2', OpenAILlm],
      ['vllm/meta-llama/Llama-3.1-8B-Instruct', OpenAILlm],
      ['lm_studio/qwen2.5-7b-instruct', OpenAILlm],
    ];
    for (const [model, expected] of cases) expect(LLMRegistry.resolve(model), model).toBe(expected);
    expect(LLMRegistry.newLlm('claude-sonnet-4-5')).toBeInstanceOf(AnthropicLlm);
  });

  it('a mistyped name suggests the built-in name it meant and lists the supported names', () => {
    expect(() => LLMRegistry.resolve('gemnii-2.5-flash')).toThrow(
      /^Model gemnii-2\.5-flash not found\. Did you mean gemini-2\.5-flash\? Supported model names: gemini-\*, model-optimizer-\*, .*claude-\*, anthropic\/\*, gpt-\*, o1, o1-\*, .*lm_studio\/\*/,
    );
  });

  it('lists the built-ins first, and a user class rebinding a pattern keeps its place', () => {
    const patterns = LLMRegistry.entries().map(([pattern]) => String(pattern));
    expect(patterns[0]).toBe('gemini-.*');
    expect(patterns.indexOf('claude-.*')).toBeLessThan(patterns.indexOf('gpt-.*'));
    class MyGemini extends BaseLlm {
      static override readonly supportedModels = ['gemini-.*', 'my-model'];
      override async *generateContentAsync(): AsyncGenerator<LlmResponse, void> {
        yield {};
      }
    }
    LLMRegistry.register(MyGemini);
    expect(LLMRegistry.resolve('gemini-2.5-flash')).toBe(MyGemini);
    expect(LLMRegistry.resolve('my-model')).toBe(MyGemini);
    expect(LLMRegistry.entries().map(([pattern]) => String(pattern))[0]).toBe('gemini-.*');
    // Tests run in any order: the built-in class gets its pattern back.
    LLMRegistry.register(Gemini);
    expect(LLMRegistry.resolve('gemini-2.5-flash')).toBe(Gemini);
  });
});
