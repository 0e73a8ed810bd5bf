import { describe, expect, it } from 'vitest';
import { messageEvents } from '../../../test/providers/anthropic-server.js';
import { collect } from '../../../test/providers/model-test-helpers.js';
import type { Content, GenerateContentConfig } from '../../types/index.js';
import { createLlmRequest } from '../llm-request.js';
import {
  useAnthropicTestEnvironment,
  MODEL,
  startServer,
  claude,
  userRequest,
} from './anthropic-llm-test-fixtures.js';

useAnthropicTestEnvironment();

describe('AnthropicLlm: requests and answers (issue 4 §3)', () => {
  it('non-streamed: one complete response with text, STOP, usage and the model version', async () => {
    const target = await startServer({
      replies: [
        {
          kind: 'message',
          message: {
            content: [{ type: 'text', text: 'Hello there.' }],
            model: 'claude-sonnet-4-6-20260101',
            usage: { input_tokens: 12, output_tokens: 4 },
          },
        },
      ],
    });

    const responses = await collect(claude(target).generateContentAsync(userRequest('Hi')));

    expect(responses).toEqual([
      {
        content: { role: 'model', parts: [{ text: 'Hello there.' }] },
        finishReason: 'STOP',
        usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 4, totalTokenCount: 16 },
        modelVersion: 'claude-sonnet-4-6-20260101',
      },
    ]);
    expect(target.requests[0]?.body).toEqual({
      model: MODEL,
      max_tokens: 8192,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
    });
  });

  it('streamed text: one partial response per text_delta, then the aggregated final response', async () => {
    const target = await startServer({
      replies: [
        {
          kind: 'message',
          chunks: 3,
          message: {
            content: [{ type: 'text', text: 'Hello world!' }],
            usage: { input_tokens: 25, output_tokens: 15 },
          },
        },
      ],
    });

    const responses = await collect(claude(target).generateContentAsync(userRequest('Hi'), true));

    expect(target.requests[0]?.body['stream']).toBe(true);
    expect(responses).toEqual([
      { content: { role: 'model', parts: [{ text: 'Hell' }] }, partial: true },
      { content: { role: 'model', parts: [{ text: 'o wo' }] }, partial: true },
      { content: { role: 'model', parts: [{ text: 'rld!' }] }, partial: true },
      {
        content: { role: 'model', parts: [{ text: 'Hello world!' }] },
        finishReason: 'STOP',
        usageMetadata: { promptTokenCount: 25, candidatesTokenCount: 15, totalTokenCount: 40 },
        modelVersion: MODEL,
        partial: false,
      },
    ]);
  });

  it('streamed tool call: input_json_delta pieces are assembled; the call appears only, complete, in the final response', async () => {
    const input = { city: 'Paris', days: 3, options: { unit: 'celsius', hourly: [6, 12, 18] } };
    const target = await startServer({
      replies: [
        {
          kind: 'message',
          chunks: 5,
          message: {
            content: [
              { type: 'text', text: 'Checking.' },
              {
                type: 'tool_use',
                id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
                name: 'get_forecast',
                input,
              },
            ],
            stop_reason: 'tool_use',
            usage: { input_tokens: 40, output_tokens: 22 },
          },
        },
      ],
    });

    const responses = await collect(
      claude(target).generateContentAsync(userRequest('Forecast?'), true),
    );

    const partials = responses.slice(0, -1);
    expect(partials.every((response) => response.partial === true)).toBe(true);
    expect(partials.map((response) => response.content?.parts?.[0]?.text).join('')).toBe(
      'Checking.',
    );
    expect(
      partials
        .flatMap((response) => response.content?.parts ?? [])
        .some((part) => part.functionCall),
    ).toBe(false);
    expect(responses.at(-1)).toEqual({
      content: {
        role: 'model',
        parts: [
          { text: 'Checking.' },
          {
            functionCall: {
              id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
              name: 'get_forecast',
              args: input,
            },
          },
        ],
      },
      finishReason: 'STOP',
      usageMetadata: { promptTokenCount: 40, candidatesTokenCount: 22, totalTokenCount: 62 },
      modelVersion: MODEL,
      partial: false,
    });
  });

  it('thinking: streamed as thought deltas, kept with its signature, and sent back as a thinking block', async () => {
    const target = await startServer({
      replies: [
        {
          kind: 'message',
          chunks: 2,
          message: {
            content: [
              {
                type: 'thinking',
                thinking: 'The user greets me.',
                signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds',
              },
              {
                type: 'redacted_thinking',
                data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIw',
              },
              { type: 'text', text: 'Hi!' },
            ],
          },
        },
        { kind: 'message', message: { content: [{ type: 'text', text: 'Fine.' }] } },
      ],
    });
    const llm = claude(target);
    const config: GenerateContentConfig = {
      thinkingConfig: { thinkingBudget: 2048 },
      maxOutputTokens: 4096,
    };

    const responses = await collect(llm.generateContentAsync(userRequest('Hello', config), true));

    expect(
      responses
        .filter((response) => response.partial)
        .map((response) => response.content?.parts?.[0]),
    ).toEqual([
      { text: 'The user g', thought: true },
      { text: 'reets me.', thought: true },
      { text: 'Hi' },
      { text: '!' },
    ]);
    const final = responses.at(-1)!;
    expect(final.content?.parts).toEqual([
      {
        text: 'The user greets me.',
        thought: true,
        thoughtSignature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds',
      },
      { thought: true, thoughtSignature: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIw' },
      { text: 'Hi!' },
    ]);
    expect(target.requests[0]?.body['thinking']).toEqual({ type: 'enabled', budget_tokens: 2048 });
    expect(target.requests[0]?.body['max_tokens']).toBe(4096);

    const history: Content[] = [
      { role: 'user', parts: [{ text: 'Hello' }] },
      final.content!,
      { role: 'user', parts: [{ text: 'How are you?' }] },
    ];
    await collect(
      llm.generateContentAsync(createLlmRequest({ model: MODEL, contents: history, config })),
    );

    expect((target.requests[1]?.body['messages'] as unknown[])[1]).toEqual({
      role: 'assistant',
      content: [
        {
          type: 'thinking',
          thinking: 'The user greets me.',
          signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds',
        },
        { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIw' },
        { type: 'text', text: 'Hi!' },
      ],
    });
  });

  it('usage: cache tokens count in the prompt, cache reads as cached content, thinking tokens as thoughts; streamed usage is cumulative', async () => {
    const usage = {
      input_tokens: 50,
      cache_creation_input_tokens: 20,
      cache_read_input_tokens: 100,
      output_tokens: 40,
      output_tokens_details: { thinking_tokens: 15 },
    };
    const expected = {
      promptTokenCount: 170,
      candidatesTokenCount: 25,
      thoughtsTokenCount: 15,
      cachedContentTokenCount: 100,
      totalTokenCount: 210,
    };
    const message = { content: [{ type: 'text' as const, text: 'ok' }], usage };
    const events = messageEvents(message);
    // As the API does: the final message_delta carries the cumulative output counts.
    const delta = events.find((event) => event.event === 'message_delta')!;
    (delta.data as { usage: unknown }).usage = {
      output_tokens: 40,
      output_tokens_details: { thinking_tokens: 15 },
    };
    const target = await startServer({
      replies: [
        { kind: 'message', message },
        { kind: 'events', events },
      ],
    });
    const llm = claude(target);

    const [unary] = await collect(llm.generateContentAsync(userRequest('Hi')));
    const streamed = await collect(llm.generateContentAsync(userRequest('Hi'), true));

    expect(unary?.usageMetadata).toEqual(expected);
    expect(streamed.at(-1)?.usageMetadata).toEqual(expected);
  });

  it.each([
    ['end_turn', 'STOP'],
    ['stop_sequence', 'STOP'],
    ['tool_use', 'STOP'],
    ['pause_turn', 'STOP'],
    ['max_tokens', 'MAX_TOKENS'],
    ['model_context_window_exceeded', 'MAX_TOKENS'],
    ['refusal', 'SAFETY'],
    ['something_new', 'FINISH_REASON_UNSPECIFIED'],
  ])('finish reason: stop_reason %s → %s', async (stopReason, finishReason) => {
    const target = await startServer({
      replies: [
        {
          kind: 'message',
          message: { content: [{ type: 'text', text: 'x' }], stop_reason: stopReason },
        },
      ],
    });

    const [response] = await collect(claude(target).generateContentAsync(userRequest('Hi')));

    expect(response?.finishReason).toBe(finishReason);
    expect(response?.errorCode).toBeUndefined();
  });

  it('an answer without content that did not stop normally becomes errorCode/errorMessage (spec 000 §5.3)', async () => {
    const target = await startServer({
      replies: [
        { kind: 'message', message: { content: [], stop_reason: 'refusal' } },
        { kind: 'message', message: { content: [], stop_reason: 'refusal' } },
        { kind: 'message', message: { content: [], stop_reason: 'end_turn' } },
      ],
    });
    const llm = claude(target);

    const [unary] = await collect(llm.generateContentAsync(userRequest('Hi')));
    const streamed = await collect(llm.generateContentAsync(userRequest('Hi'), true));
    const [empty] = await collect(llm.generateContentAsync(userRequest('Hi')));

    for (const response of [unary, streamed.at(-1)]) {
      expect(response?.content).toBeUndefined();
      expect(response?.errorCode).toBe('SAFETY');
      expect(response?.errorMessage).toBe('Claude returned no content (stop_reason refusal).');
      expect(response?.finishReason).toBe('SAFETY');
    }
    // An empty end_turn answer is a normal, empty answer.
    expect(empty?.content).toEqual({ role: 'model', parts: [] });
    expect(empty?.errorCode).toBeUndefined();
  });

  it('a tool call cut off by max_tokens is left out of the final response; the finish reason says why', async () => {
    const events = messageEvents({
      content: [
        { type: 'text', text: 'Calling.' },
        { type: 'tool_use', id: 'toolu_cut', name: 'f', input: { a: 'long value' } },
      ],
      stop_reason: 'max_tokens',
    }).filter((event) => {
      const delta = (event.data as { delta?: { partial_json?: string } }).delta;
      // Drop the last piece of the input JSON, as a token limit would.
      return delta?.partial_json !== '}' && !(delta?.partial_json ?? '').endsWith('}');
    });
    const target = await startServer({ replies: [{ kind: 'events', events }] });

    const responses = await collect(claude(target).generateContentAsync(userRequest('Hi'), true));

    expect(responses.at(-1)?.content?.parts).toEqual([{ text: 'Calling.' }]);
    expect(responses.at(-1)?.finishReason).toBe('MAX_TOKENS');
  });
});
