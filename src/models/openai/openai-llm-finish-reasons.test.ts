import { describe, expect, it } from 'vitest';
import { collect } from '../../../test/providers/model-test-helpers.js';
import { useOpenAITestEnvironment, startServer, gpt, request } from './openai-llm-test-fixtures.js';

useOpenAITestEnvironment();

describe('OpenAILlm answers (issue 4 §4)', () => {
  it('finish reasons: length → MAX_TOKENS with the text kept; content_filter without content → errorCode SAFETY; unknown → OTHER', async () => {
    const target = await startServer({
      replies: [
        { kind: 'completion', completion: { content: 'Once upon a', finishReason: 'length' } },
        { kind: 'completion', completion: { content: null, finishReason: 'content_filter' } },
        { kind: 'completion', completion: { content: 'ok', finishReason: 'eos' } },
        { kind: 'completion', completion: { content: null, finishReason: 'stop' } },
      ],
    });
    const llm = gpt(target);

    const [length] = await collect(llm.generateContentAsync(request()));
    const [filtered] = await collect(llm.generateContentAsync(request()));
    const [other] = await collect(llm.generateContentAsync(request()));
    const [empty] = await collect(llm.generateContentAsync(request()));

    expect(length?.content?.parts).toEqual([{ text: 'Once upon a' }]);
    expect(length?.finishReason).toBe('MAX_TOKENS');
    expect(filtered).toMatchObject({
      errorCode: 'SAFETY',
      errorMessage: 'The model returned no content (finish_reason content_filter).',
      finishReason: 'SAFETY',
    });
    expect(filtered?.content).toBeUndefined();
    expect(other?.finishReason).toBe('OTHER');
    // spec 000 §5.3: a normal stop keeps its (empty) content.
    expect(empty?.content).toEqual({ role: 'model', parts: [] });
    expect(empty?.errorCode).toBeUndefined();
  });

  it('a refusal (structured outputs) is a SAFETY error carrying the refusal text', async () => {
    const target = await startServer({
      replies: [
        { kind: 'completion', completion: { refusal: "I'm sorry, I can't help with that." } },
        { kind: 'completion', completion: { refusal: "I'm sorry, I can't help with that." } },
      ],
    });
    const llm = gpt(target);

    const [unary] = await collect(llm.generateContentAsync(request()));
    const streamed = await collect(llm.generateContentAsync(request(), true));

    for (const response of [unary, streamed.at(-1)]) {
      expect(response).toMatchObject({
        errorCode: 'SAFETY',
        errorMessage: "I'm sorry, I can't help with that.",
        finishReason: 'SAFETY',
      });
      expect(response?.content).toBeUndefined();
    }
  });

  it('tool-call arguments that are not a JSON object: MALFORMED_FUNCTION_CALL error response; cut by length: the call is dropped', async () => {
    const broken = { id: 'call_1', name: 'get_weather', arguments: '{"city": Paris}' };
    const target = await startServer({
      replies: [
        { kind: 'completion', completion: { content: 'Checking.', toolCalls: [broken] } },
        { kind: 'completion', completion: { toolCalls: [broken] } },
        {
          kind: 'completion',
          completion: {
            toolCalls: [{ id: 'call_2', name: 'get_weather', arguments: '["Paris"]' }],
          },
        },
        {
          kind: 'completion',
          completion: {
            content: 'Checking.',
            toolCalls: [{ id: 'call_3', name: 'get_weather', arguments: '{"city": "Par' }],
            finishReason: 'length',
          },
        },
      ],
    });
    const llm = gpt(target);

    const [unary] = await collect(llm.generateContentAsync(request()));
    const streamed = (await collect(llm.generateContentAsync(request(), true))).at(-1);
    const [notObject] = await collect(llm.generateContentAsync(request()));
    const [cut] = await collect(llm.generateContentAsync(request()));

    for (const response of [unary, streamed]) {
      expect(response).toMatchObject({
        errorCode: 'MALFORMED_FUNCTION_CALL',
        finishReason: 'MALFORMED_FUNCTION_CALL',
        errorMessage:
          'Malformed function call: the arguments of get_weather are not a JSON object: {"city": Paris}',
      });
      expect(response?.content).toBeUndefined();
    }
    expect(notObject?.errorMessage).toBe(
      'Malformed function call: the arguments of get_weather are not a JSON object: ["Paris"]',
    );
    expect(cut?.content?.parts).toEqual([{ text: 'Checking.' }]);
    expect(cut?.finishReason).toBe('MAX_TOKENS');
  });

  it('an answer without choices is an UNKNOWN_ERROR response (no candidate, spec 000 §5.3)', async () => {
    const target = await startServer({
      replies: [
        {
          kind: 'raw',
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({
            id: 'x',
            object: 'chat.completion',
            model: 'gpt-4o',
            choices: [],
          }),
        },
      ],
    });

    const responses = await collect(gpt(target).generateContentAsync(request()));

    expect(responses).toEqual([
      {
        errorCode: 'UNKNOWN_ERROR',
        errorMessage: 'The model returned no choices.',
        modelVersion: 'gpt-4o',
      },
    ]);
  });
});
