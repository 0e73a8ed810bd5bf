import { describe, expect, it } from 'vitest';
import { candidateResponse } from '../../../test/providers/gemini-server.js';
import {
  useGeminiTestEnvironment,
  start,
  gemini,
  ask,
  collect,
  usage,
} from './gemini-test-fixtures.js';

useGeminiTestEnvironment();

describe('Gemini: streamed calls (streamGenerateContent, SSE)', () => {
  it('yields a partial response per chunk as it arrives, then the aggregated final one', async () => {
    const target = await start({
      kind: 'response',
      body: candidateResponse({
        parts: [{ text: 'Sunny and mild in Paris.' }],
        usageMetadata: usage,
      }),
      pieces: 3,
    });

    const responses = await collect(gemini(target).generateContentAsync(ask('Paris?'), true));

    expect(target.requests[0]?.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent');
    expect(target.requests[0]?.query).toEqual({ alt: 'sse' });
    const partials = responses.slice(0, -1);
    expect(partials.map((response) => response.partial)).toEqual([true, true, true]);
    expect(partials.map((response) => response.content?.parts?.[0]?.text)).toEqual([
      'Sunny an',
      'd mild i',
      'n Paris.',
    ]);
    expect(responses.at(-1)).toEqual({
      content: { role: 'model', parts: [{ text: 'Sunny and mild in Paris.' }] },
      usageMetadata: usage,
      finishReason: 'STOP',
      partial: false,
      modelVersion: 'gemini-2.5-flash',
    });
  });

  it('streams a tool call: text partials, the call whole in its chunk, text and call (with its thought signature) in the final', async () => {
    const call = { name: 'get_weather', args: { city: 'Paris', unit: 'celsius' } };
    const target = await start({
      kind: 'response',
      body: candidateResponse({
        parts: [
          { text: 'Let me check.' },
          { functionCall: call, thoughtSignature: 'c2lnbmF0dXJl' },
        ],
        usageMetadata: usage,
      }),
      pieces: 2,
    });

    const responses = await collect(gemini(target).generateContentAsync(ask('Paris?'), true));

    const final = responses.at(-1);
    expect(final?.partial).toBe(false);
    const [text, callPart] = final?.content?.parts ?? [];
    expect(text).toEqual({ text: 'Let me check.' });
    expect(callPart?.thoughtSignature).toBe('c2lnbmF0dXJl');
    expect(callPart?.functionCall).toEqual({ ...call, id: expect.stringMatching(/^adk-/) });
    expect(final?.usageMetadata).toEqual(usage);
    // A call appears in a partial response only with its complete arguments.
    const partialCalls = responses
      .slice(0, -1)
      .flatMap((response) => response.content?.parts ?? [])
      .filter((part) => part.functionCall);
    expect(partialCalls).toEqual([callPart]);
  });

  it('streams thoughts apart from the answer; the final response keeps both and the signature', async () => {
    const target = await start({
      kind: 'response',
      body: candidateResponse({
        parts: [
          { text: 'Considering the forecast.', thought: true, thoughtSignature: 'dGhvdWdodA==' },
          { text: 'It will rain.' },
        ],
      }),
      pieces: 2,
    });

    const responses = await collect(gemini(target).generateContentAsync(ask('Rain?'), true));

    const partialParts = responses.slice(0, -1).map((response) => response.content?.parts?.[0]);
    expect(partialParts.map((part) => [part?.text, part?.thought ?? false])).toEqual([
      ['Considering t', true],
      ['he forecast.', true],
      ['It will', false],
      [' rain.', false],
    ]);
    expect(responses.at(-1)?.content?.parts).toEqual([
      { text: 'Considering the forecast.', thought: true, thoughtSignature: 'dGhvdWdodA==' },
      { text: 'It will rain.' },
    ]);
  });

  it('ends a stream cut by MAX_TOKENS with the text so far and errorCode MAX_TOKENS', async () => {
    const target = await start({
      kind: 'response',
      body: candidateResponse({ parts: [{ text: 'The long answer' }], finishReason: 'MAX_TOKENS' }),
    });

    const responses = await collect(gemini(target).generateContentAsync(ask('…'), true));

    expect(responses.at(-1)).toMatchObject({
      content: { role: 'model', parts: [{ text: 'The long answer' }] },
      finishReason: 'MAX_TOKENS',
      errorCode: 'MAX_TOKENS',
      partial: false,
    });
  });

  it('ends a stream whose prompt was blocked with the block reason', async () => {
    const target = await start({
      kind: 'response',
      body: { promptFeedback: { blockReason: 'SAFETY' }, modelVersion: 'gemini-2.5-flash' },
    });

    const responses = await collect(gemini(target).generateContentAsync(ask('…'), true));

    expect(responses).toEqual([
      { errorCode: 'SAFETY', modelVersion: 'gemini-2.5-flash', partial: true },
      { errorCode: 'SAFETY', partial: false, modelVersion: 'gemini-2.5-flash' },
    ]);
  });
});
