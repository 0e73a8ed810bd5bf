import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { collect } from '../../../test/providers/model-test-helpers.js';
import type { GenerateContentConfig } from '../../types/index.js';
import { createLlmRequest } from '../llm-request.js';
import { AnthropicLlm } from './anthropic-llm.js';
import {
  useAnthropicTestEnvironment,
  MODEL,
  startServer,
  claude,
  userRequest,
} from './anthropic-llm-test-fixtures.js';

useAnthropicTestEnvironment();

describe('AnthropicLlm: requests and answers (issue 4 §3)', () => {
  it('maps generation config: sampling, stop sequences, system parts, tool choice, adaptive thinking, JSON-schema output', async () => {
    const target = await startServer({
      replies: [
        { kind: 'message', message: { content: [{ type: 'text', text: '{"answer": 4}' }] } },
      ],
    });
    const config: GenerateContentConfig = {
      systemInstruction: {
        role: 'system',
        parts: [{ text: 'Be brief.' }, { text: 'Answer in JSON.' }],
      },
      temperature: 0.2,
      topP: 0.9,
      topK: 40,
      stopSequences: ['END'],
      maxOutputTokens: 1000,
      thinkingConfig: { thinkingBudget: -1 },
      labels: { adk_agent_name: 'calculator' },
      tools: [
        {
          functionDeclarations: [
            {
              name: 'add',
              description: 'Adds numbers.',
              parametersJsonSchema: {
                type: 'object',
                properties: { numbers: { type: 'array', items: { type: 'number' } } },
                required: ['numbers'],
              },
            },
            { name: 'now' },
          ],
        },
      ],
      toolConfig: {
        functionCallingConfig: { mode: 'ANY' as never, allowedFunctionNames: ['add'] },
      },
      responseMimeType: 'application/json',
      responseSchema: {
        type: 'OBJECT' as never,
        properties: { answer: { type: 'INTEGER' as never, nullable: true } },
        required: ['answer'],
      },
    };

    await collect(claude(target).generateContentAsync(userRequest('2+2?', config)));

    expect(target.requests[0]?.body).toEqual({
      model: MODEL,
      max_tokens: 1000,
      system: [
        { type: 'text', text: 'Be brief.' },
        { type: 'text', text: 'Answer in JSON.' },
      ],
      messages: [{ role: 'user', content: [{ type: 'text', text: '2+2?' }] }],
      tools: [
        {
          name: 'add',
          description: 'Adds numbers.',
          input_schema: {
            type: 'object',
            properties: { numbers: { type: 'array', items: { type: 'number' } } },
            required: ['numbers'],
          },
        },
        { name: 'now', description: '', input_schema: { type: 'object', properties: {} } },
      ],
      tool_choice: { type: 'tool', name: 'add' },
      temperature: 0.2,
      top_p: 0.9,
      top_k: 40,
      stop_sequences: ['END'],
      thinking: { type: 'adaptive' },
      output_config: {
        format: {
          type: 'json_schema',
          schema: {
            type: 'object',
            properties: { answer: { type: ['integer', 'null'] } },
            required: ['answer'],
            additionalProperties: false,
          },
        },
      },
    });
  });

  it('removes the anthropic/ provider prefix from the model name sent', async () => {
    const target = await startServer({
      replies: [{ kind: 'message', message: { content: [{ type: 'text', text: 'ok' }] } }],
    });
    const llm = new AnthropicLlm({
      model: `anthropic/${MODEL}`,
      apiKey: target.apiKey,
      baseUrl: target.url,
    });

    await collect(
      llm.generateContentAsync(
        createLlmRequest({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] }),
      ),
    );

    expect(target.requests[0]?.body['model']).toBe(MODEL);
  });

  it('reads ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL when no options are given, and sends extra headers', async () => {
    const target = await startServer({
      replies: [{ kind: 'message', message: { content: [{ type: 'text', text: 'ok' }] } }],
    });
    process.env['ANTHROPIC_API_KEY'] = target.apiKey;
    process.env['ANTHROPIC_BASE_URL'] = target.url;
    const llm = new AnthropicLlm({ model: MODEL, headers: { 'x-team': 'weather' } });

    const [response] = await collect(llm.generateContentAsync(userRequest('Hi')));

    expect(response?.content?.parts).toEqual([{ text: 'ok' }]);
    expect(target.requests[0]?.headers['x-team']).toBe('weather');
  });

  it('uses a pre-configured SDK client when one is given', async () => {
    const target = await startServer({
      replies: [{ kind: 'message', message: { content: [{ type: 'text', text: 'ok' }] } }],
    });
    const client = new Anthropic({ apiKey: target.apiKey, baseURL: target.url, maxRetries: 0 });
    delete process.env['ANTHROPIC_API_KEY'];

    const [response] = await collect(
      new AnthropicLlm({ model: MODEL, client }).generateContentAsync(userRequest('Hi')),
    );

    expect(response?.content?.parts).toEqual([{ text: 'ok' }]);
  });
});
