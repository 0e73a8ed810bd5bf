import { describe, expect, it } from 'vitest';
import { collect } from '../../../test/providers/model-test-helpers.js';
import { MissingApiKeyError } from '../../errors/missing-api-key-error.js';
import { LLMRegistry } from '../registry.js';
import { AnthropicLlm } from './anthropic-llm.js';
import {
  useAnthropicTestEnvironment,
  MODEL,
  startServer,
  userRequest,
} from './anthropic-llm-test-fixtures.js';

useAnthropicTestEnvironment();

describe('AnthropicLlm: construction, key and registry (issue 4 §1, §5)', () => {
  it('builds without a key; the first call throws MissingApiKeyError naming ANTHROPIC_API_KEY, and sends nothing', async () => {
    const target = await startServer({});
    delete process.env['ANTHROPIC_API_KEY'];
    const llm = new AnthropicLlm({ model: MODEL, baseUrl: target.url });

    const call = collect(llm.generateContentAsync(userRequest('Hi')));

    await expect(call).rejects.toSatisfy(
      (error) =>
        MissingApiKeyError.isInstance(error) &&
        error.provider === 'anthropic' &&
        error.environmentVariables.join() === 'ANTHROPIC_API_KEY' &&
        error.message.includes('ANTHROPIC_API_KEY'),
    );
    expect(target.requests).toEqual([]);

    // A key set afterwards is picked up by the next call.
    process.env['ANTHROPIC_API_KEY'] = target.apiKey;
    target.enqueue({ kind: 'message', message: { content: [{ type: 'text', text: 'ok' }] } });
    const [response] = await collect(llm.generateContentAsync(userRequest('Hi')));
    expect(response?.content?.parts).toEqual([{ text: 'ok' }]);
  });

  it('serves claude-* and anthropic/* names through LLMRegistry, and builds without a key', () => {
    delete process.env['ANTHROPIC_API_KEY'];
    // A built-in class: registered without being asked.

    for (const name of [
      'claude-3-5-sonnet-20241022',
      'claude-opus-4-1',
      'claude-sonnet-4-6',
      'anthropic/claude-haiku-4-5',
    ]) {
      expect(LLMRegistry.resolve(name)).toBe(AnthropicLlm);
      expect(LLMRegistry.newLlm(name).model).toBe(name);
    }
    expect(LLMRegistry.resolve('gpt-4o')).not.toBe(AnthropicLlm);
  });

  it('pairs function calls by id, so the contents processor keeps client ids', () => {
    expect(new AnthropicLlm({ model: MODEL }).pairsFunctionCallsById).toBe(true);
  });

  it('rejects invalid numeric options with a typed error', () => {
    expect(() => new AnthropicLlm({ model: MODEL, maxRetries: -1 })).toThrow(
      'maxRetries must be a whole number ≥ 0.',
    );
    expect(() => new AnthropicLlm({ model: MODEL, timeoutMs: 0 })).toThrow(
      'timeoutMs must be > 0.',
    );
    expect(() => new AnthropicLlm({ model: MODEL, maxTokens: 1.5 })).toThrow(
      'maxTokens must be a whole number > 0.',
    );
  });
});
