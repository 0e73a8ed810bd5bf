import { describe, expect, it } from 'vitest';
import { collect } from '../../../test/providers/model-test-helpers.js';
import { useOpenAITestEnvironment, startServer, gpt, request } from './openai-llm-test-fixtures.js';

useOpenAITestEnvironment();

describe('OpenAILlm answers (issue 4 §4)', () => {
  it('a non-streamed answer: one complete response with text, finish reason, usage and model version', async () => {
    const target = await startServer({
      replies: [
        {
          kind: 'completion',
          completion: {
            content: 'Hello!',
            model: 'gpt-4o-2024-11-20',
            usage: {
              prompt_tokens: 1200,
              completion_tokens: 300,
              total_tokens: 1500,
              prompt_tokens_details: { cached_tokens: 1024, audio_tokens: 0 },
              completion_tokens_details: { reasoning_tokens: 120 },
            },
          },
        },
      ],
    });

    const responses = await collect(gpt(target).generateContentAsync(request()));

    expect(responses).toEqual([
      {
        content: { role: 'model', parts: [{ text: 'Hello!' }] },
        finishReason: 'STOP',
        usageMetadata: {
          promptTokenCount: 1200,
          candidatesTokenCount: 180,
          thoughtsTokenCount: 120,
          cachedContentTokenCount: 1024,
          totalTokenCount: 1500,
        },
        modelVersion: 'gpt-4o-2024-11-20',
      },
    ]);
    expect(target.requests[0]?.body).toEqual({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(target.requests[0]?.headers['content-type']).toBe('application/json');
  });

  it('a streamed text answer: partial text deltas, then one final response with the whole text and the usage of the last chunk', async () => {
    const target = await startServer({
      replies: [
        {
          kind: 'completion',
          completion: {
            content: 'Hello world, how are you?',
            usage: { prompt_tokens: 8, completion_tokens: 7 },
          },
          chunks: 3,
        },
      ],
    });

    const responses = await collect(gpt(target).generateContentAsync(request(), true));

    expect(responses).toEqual([
      { content: { role: 'model', parts: [{ text: 'Hello wor' }] }, partial: true },
      { content: { role: 'model', parts: [{ text: 'ld, how a' }] }, partial: true },
      { content: { role: 'model', parts: [{ text: 're you?' }] }, partial: true },
      {
        content: { role: 'model', parts: [{ text: 'Hello world, how are you?' }] },
        finishReason: 'STOP',
        usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 7, totalTokenCount: 15 },
        modelVersion: 'gpt-4o-2024-08-06',
        partial: false,
      },
    ]);
    expect(target.requests[0]?.body).toEqual({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('a streamed tool-call answer: arguments assembled from fragments by index, calls only in the final response', async () => {
    const target = await startServer({
      replies: [
        {
          kind: 'completion',
          completion: {
            toolCalls: [
              { id: 'call_A', name: 'get_weather', arguments: '{"city": "Paris", "unit": "c"}' },
              { id: 'call_B', name: 'get_time', arguments: '{"zone": "Europe/Paris"}' },
            ],
          },
          chunks: 4,
        },
      ],
    });

    const responses = await collect(gpt(target).generateContentAsync(request(), true));

    expect(responses).toEqual([
      {
        content: {
          role: 'model',
          parts: [
            {
              functionCall: {
                id: 'call_A',
                name: 'get_weather',
                args: { city: 'Paris', unit: 'c' },
              },
            },
            { functionCall: { id: 'call_B', name: 'get_time', args: { zone: 'Europe/Paris' } } },
          ],
        },
        finishReason: 'STOP',
        usageMetadata: { promptTokenCount: 19, candidatesTokenCount: 10, totalTokenCount: 29 },
        modelVersion: 'gpt-4o-2024-08-06',
        partial: false,
      },
    ]);
  });

  it('interleaved tool-call fragments (parallel calls streamed together) are joined per index', async () => {
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'gpt-4o',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const target = await startServer({
      replies: [
        {
          kind: 'chunks',
          chunks: [
            chunk({
              role: 'assistant',
              tool_calls: [
                {
                  index: 0,
                  id: 'call_1',
                  type: 'function',
                  function: { name: 'a', arguments: '' },
                },
                {
                  index: 1,
                  id: 'call_2',
                  type: 'function',
                  function: { name: 'b', arguments: '' },
                },
              ],
            }),
            chunk({ tool_calls: [{ index: 1, function: { arguments: '{"y":' } }] }),
            chunk({ tool_calls: [{ index: 0, function: { arguments: '{"x":' } }] }),
            chunk({ tool_calls: [{ index: 0, function: { arguments: '1}' } }] }),
            chunk({ tool_calls: [{ index: 1, function: { arguments: '2}' } }] }),
            chunk({}, 'tool_calls'),
          ],
        },
      ],
    });

    const [final] = await collect(gpt(target).generateContentAsync(request(), true));

    expect(final?.content?.parts).toEqual([
      { functionCall: { id: 'call_1', name: 'a', args: { x: 1 } } },
      { functionCall: { id: 'call_2', name: 'b', args: { y: 2 } } },
    ]);
  });

  it('reasoning_content (DeepSeek, vLLM) becomes thought parts: partial thought deltas and a thought part first in the final response', async () => {
    const target = await startServer({
      replies: [
        {
          kind: 'completion',
          completion: { reasoning: 'The user greets me.', content: 'Hi there!' },
          chunks: 2,
        },
        {
          kind: 'completion',
          completion: { reasoning: 'The user greets me.', content: 'Hi there!' },
        },
      ],
    });
    const llm = gpt(target);

    const streamed = await collect(llm.generateContentAsync(request(), true));
    const [unary] = await collect(llm.generateContentAsync(request()));

    expect(streamed.map((response) => response.content?.parts)).toEqual([
      [{ text: 'The user g', thought: true }],
      [{ text: 'reets me.', thought: true }],
      [{ text: 'Hi th' }],
      [{ text: 'ere!' }],
      [{ text: 'The user greets me.', thought: true }, { text: 'Hi there!' }],
    ]);
    expect(unary?.content?.parts).toEqual([
      { text: 'The user greets me.', thought: true },
      { text: 'Hi there!' },
    ]);
  });

  it("Ollama's `reasoning` field is read as the model's thinking too", async () => {
    const target = await startServer({
      replies: [
        {
          kind: 'raw',
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({
            id: 'chatcmpl-42',
            object: 'chat.completion',
            created: 1,
            model: 'qwen3:8b',
            system_fingerprint: 'fp_ollama',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: 'Four.', reasoning: '2+2=4' },
                finish_reason: 'stop',
              },
            ],
            usage: { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 },
          }),
        },
      ],
    });

    const [response] = await collect(gpt(target).generateContentAsync(request()));

    expect(response?.content?.parts).toEqual([{ text: '2+2=4', thought: true }, { text: 'Four.' }]);
    expect(response?.modelVersion).toBe('qwen3:8b');
  });
});
