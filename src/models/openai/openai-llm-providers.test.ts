import OpenAI from 'openai';
import { describe, expect, it, vi } from 'vitest';
import { FakeOpenAIServer } from '../../../test/providers/openai-server.js';
import { collect } from '../../../test/providers/model-test-helpers.js';
import { MissingApiKeyError } from '../../errors/missing-api-key-error.js';
import { MissingBaseUrlError } from '../../errors/missing-base-url-error.js';
import { LLMRegistry } from '../registry.js';
import type { OpenAIChatClient } from './openai-client.js';
import { OpenAILlm } from './openai-llm.js';
import { useOpenAITestEnvironment, startServer, gpt, request } from './openai-llm-test-fixtures.js';

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new TypeError('expected a failure');
}

useOpenAITestEnvironment();

describe('OpenAILlm answers (issue 4 §4)', () => {
  it('sends the configured headers, organization and extra body fields; the adapter fields win over extraBody', async () => {
    const target = await startServer({ replies: [{ kind: 'completion', completion: {} }] });
    const llm = gpt(target, {
      headers: { 'x-team': 'agents' },
      organization: 'org-123',
      project: 'proj_456',
      extraBody: { user: 'ada', model: 'ignored', metadata: { run: '1' } },
    });

    await collect(llm.generateContentAsync(request()));

    const sent = target.requests[0]!;
    expect(sent.headers['x-team']).toBe('agents');
    expect(sent.headers['openai-organization']).toBe('org-123');
    expect(sent.headers['openai-project']).toBe('proj_456');
    expect(sent.body).toEqual({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Hi' }],
      user: 'ada',
      metadata: { run: '1' },
    });
  });

  it('an OpenAI SDK instance works as the client option', async () => {
    const target = await startServer({
      replies: [{ kind: 'completion', completion: { content: 'ok' } }],
    });
    const client: OpenAIChatClient = new OpenAI({
      apiKey: target.apiKey!,
      baseURL: target.url,
      maxRetries: 0,
    });

    const [response] = await collect(
      new OpenAILlm({ model: 'gpt-4o-mini', client }).generateContentAsync(request()),
    );

    expect(response?.content?.parts).toEqual([{ text: 'ok' }]);
    expect(target.requests[0]?.body['model']).toBe('gpt-4o-mini');
  });
});

describe('OpenAILlm providers and keys (issue 4 §4, brief "provider prefixes")', () => {
  it('openai/ and bare names read OPENAI_BASE_URL and OPENAI_API_KEY at the first call; the prefix is not sent', async () => {
    const target = await startServer({
      replies: [
        { kind: 'completion', completion: {} },
        { kind: 'completion', completion: {} },
      ],
    });
    const prefixed = new OpenAILlm({ model: 'openai/gpt-4.1' });
    const bare = new OpenAILlm({ model: 'o3-mini' });
    vi.stubEnv('OPENAI_BASE_URL', target.url);
    vi.stubEnv('OPENAI_API_KEY', target.apiKey!);

    await collect(prefixed.generateContentAsync(request({ model: 'openai/gpt-4.1' })));
    await collect(
      bare.generateContentAsync(request({ config: { maxOutputTokens: 256, topK: 5 } })),
    );

    expect(target.requests.map((sent) => sent.body['model'])).toEqual(['gpt-4.1', 'o3-mini']);
    // OpenAI's reasoning models reject max_tokens; OpenAI rejects top_k.
    expect(target.requests[1]?.body['max_completion_tokens']).toBe(256);
    expect(target.requests[1]?.body).not.toHaveProperty('max_tokens');
    expect(target.requests[1]?.body).not.toHaveProperty('top_k');
  });

  it('a missing OpenAI key is a MissingApiKeyError naming OPENAI_API_KEY, at the first call and not before', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    const llm = new OpenAILlm({ model: 'gpt-4o' });

    const error = await failure(collect(llm.generateContentAsync(request())));

    expect(MissingApiKeyError.isInstance(error)).toBe(true);
    expect((error as MissingApiKeyError).environmentVariables).toEqual(['OPENAI_API_KEY']);
    expect((error as Error).message).toBe(
      'No API key for openai: set one of OPENAI_API_KEY, or pass apiKey to the model.',
    );
  });

  it('a key set after a failed first call is picked up by the next call', async () => {
    const target = await startServer({ replies: [{ kind: 'completion', completion: {} }] });
    vi.stubEnv('OPENAI_API_KEY', '');
    const llm = new OpenAILlm({ model: 'gpt-4o', baseUrl: target.url, maxRetries: 0 });

    const first = await failure(collect(llm.generateContentAsync(request())));
    vi.stubEnv('OPENAI_API_KEY', target.apiKey!);
    const second = await collect(llm.generateContentAsync(request()));

    expect(MissingApiKeyError.isInstance(first)).toBe(true);
    expect(second).toHaveLength(1);
  });

  it('ollama/ and ollama_chat/: OLLAMA_API_BASE + /v1, no key needed (placeholder bearer), max_tokens and top_k', async () => {
    const target = await startServer({
      apiKey: null,
      replies: [
        { kind: 'completion', completion: {} },
        { kind: 'completion', completion: {} },
      ],
    });
    vi.stubEnv('OLLAMA_API_BASE', target.origin);
    vi.stubEnv('OLLAMA_API_KEY', '');

    await collect(
      new OpenAILlm({ model: 'ollama/llama3.2' }).generateContentAsync(
        request({ model: 'ollama/llama3.2', config: { maxOutputTokens: 100, topK: 40 } }),
      ),
    );
    await collect(new OpenAILlm({ model: 'ollama_chat/qwen3:8b' }).generateContentAsync(request()));

    expect(target.requests.map((sent) => [sent.path, sent.body['model']])).toEqual([
      ['/v1/chat/completions', 'llama3.2'],
      ['/v1/chat/completions', 'qwen3:8b'],
    ]);
    expect(FakeOpenAIServer.keyOf(target.requests[0]!.headers)).toBe('ollama');
    expect(target.requests[0]?.body['max_tokens']).toBe(100);
    expect(target.requests[0]?.body['top_k']).toBe(40);
    expect(target.requests[0]?.body).not.toHaveProperty('max_completion_tokens');
  });

  it('lm_studio/ reads LM_STUDIO_API_BASE; vllm/ reads VLLM_API_BASE and VLLM_API_KEY', async () => {
    const target = await startServer({
      apiKey: null,
      replies: [
        { kind: 'completion', completion: {} },
        { kind: 'completion', completion: {} },
      ],
    });
    vi.stubEnv('LM_STUDIO_API_BASE', target.url);
    vi.stubEnv('LM_STUDIO_API_KEY', '');
    vi.stubEnv('VLLM_API_BASE', target.url);
    vi.stubEnv('VLLM_API_KEY', 'vllm-secret');

    await collect(new OpenAILlm({ model: 'lm_studio/qwen2.5-7b' }).generateContentAsync(request()));
    await collect(
      new OpenAILlm({ model: 'vllm/meta-llama/Llama-3.1-8B-Instruct' }).generateContentAsync(
        request(),
      ),
    );

    expect(
      target.requests.map((sent) => [sent.body['model'], FakeOpenAIServer.keyOf(sent.headers)]),
    ).toEqual([
      ['qwen2.5-7b', 'lm_studio'],
      ['meta-llama/Llama-3.1-8B-Instruct', 'vllm-secret'],
    ]);
  });

  it('vllm/ without VLLM_API_BASE is a MissingBaseUrlError naming the variable', async () => {
    vi.stubEnv('VLLM_API_BASE', '');
    const llm = new OpenAILlm({ model: 'vllm/my-model' });

    const error = await failure(collect(llm.generateContentAsync(request())));

    expect(MissingBaseUrlError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'No server address for vllm: set VLLM_API_BASE (e.g. http://localhost:8000/v1), or pass baseUrl to the model.',
    );
  });

  it('a LiteLLM proxy: openai/<any model> with an explicit base URL (no /v1) and key; both override the environment', async () => {
    const target = await startServer({ replies: [{ kind: 'completion', completion: {} }] });
    vi.stubEnv('OPENAI_BASE_URL', 'http://127.0.0.1:9/v1');
    vi.stubEnv('OPENAI_API_KEY', 'sk-from-env');

    await collect(
      new OpenAILlm({
        model: 'openai/claude-sonnet-4-5',
        baseUrl: target.origin,
        apiKey: target.apiKey!,
        maxRetries: 0,
      }).generateContentAsync(request({ model: 'openai/claude-sonnet-4-5' })),
    );

    expect(target.requests[0]?.path).toBe('/chat/completions');
    expect(target.requests[0]?.body['model']).toBe('claude-sonnet-4-5');
  });

  it('the registry (where it is a built-in) builds it from a model name without a key or server: nothing is checked before the first call', () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    vi.stubEnv('VLLM_API_BASE', '');

    const names = ['gpt-4o', 'o1', 'o3', 'o4-mini', 'chatgpt-4o-latest', 'vllm/x', 'ollama/gemma3'];
    const models = names.map((name) => LLMRegistry.newLlm(name));

    expect(models.map((model) => model instanceof OpenAILlm)).toEqual(names.map(() => true));
    expect(models.map((model) => (model as OpenAILlm).provider.name)).toEqual([
      'openai',
      'openai',
      'openai',
      'openai',
      'openai',
      'vllm',
      'ollama',
    ]);
    expect((models[0] as OpenAILlm).pairsFunctionCallsById).toBe(true);
    expect(LLMRegistry.resolve('lm_studio/qwen2.5-7b')).toBe(OpenAILlm);
  });
});
