import { describe, expect, it } from 'vitest';
import type { LlmResponse } from '../events/llm-response.js';
import type { GenerateContentResponse, Part } from '../types/index.js';
import { deepClone } from '../utils/deep-clone.js';
import { CLIENT_FUNCTION_CALL_ID_PREFIX } from '../utils/ids.js';
import {
  isProgressiveSseStreamingEnabled,
  StreamingResponseAggregator,
} from './streaming-response-aggregator.js';

// The tests describe the two modes of Python's streaming_utils.py (spec 004,
// "StreamingResponseAggregator" and "Progressive SSE"; spec 000 §5.2–5.3).

type ChunkFields = {
  finishReason?: string;
  finishMessage?: string;
  usageMetadata?: Record<string, unknown>;
  groundingMetadata?: Record<string, unknown>;
  citationMetadata?: Record<string, unknown>;
  modelVersion?: string;
};

function chunk(parts: Part[] | undefined, fields: ChunkFields = {}): GenerateContentResponse {
  const { usageMetadata, modelVersion, ...candidateFields } = fields;
  const candidate: Record<string, unknown> = { ...candidateFields };
  if (parts) candidate['content'] = { role: 'model', parts };
  const response: Record<string, unknown> = { candidates: [candidate] };
  if (usageMetadata) response['usageMetadata'] = usageMetadata;
  if (modelVersion) response['modelVersion'] = modelVersion;
  return response as unknown as GenerateContentResponse;
}

function raw(response: Record<string, unknown>): GenerateContentResponse {
  return response as unknown as GenerateContentResponse;
}

function run(
  aggregator: StreamingResponseAggregator,
  chunks: GenerateContentResponse[],
): { emitted: LlmResponse[][]; final: LlmResponse | undefined } {
  const emitted = chunks.map((response) => [...aggregator.processResponse(response)]);
  return { emitted, final: aggregator.close() };
}

const progressive = () => new StreamingResponseAggregator({ progressive: true });
const classic = () => new StreamingResponseAggregator({ progressive: false });

describe('StreamingResponseAggregator mode selection (reference adk-python §1.11)', () => {
  it('is progressive by default, as PROGRESSIVE_SSE_STREAMING is on in Python 2.x', () => {
    expect(isProgressiveSseStreamingEnabled({})).toBe(true);
    const saved = process.env['ADK_DISABLE_PROGRESSIVE_SSE_STREAMING'];
    delete process.env['ADK_DISABLE_PROGRESSIVE_SSE_STREAMING'];
    try {
      expect(new StreamingResponseAggregator().progressive).toBe(true);
    } finally {
      if (saved !== undefined) process.env['ADK_DISABLE_PROGRESSIVE_SSE_STREAMING'] = saved;
    }
  });

  it('follows ADK_ENABLE_/ADK_DISABLE_PROGRESSIVE_SSE_STREAMING, enable first, true or 1 only', () => {
    expect(isProgressiveSseStreamingEnabled({ ADK_DISABLE_PROGRESSIVE_SSE_STREAMING: '1' })).toBe(
      false,
    );
    expect(
      isProgressiveSseStreamingEnabled({ ADK_DISABLE_PROGRESSIVE_SSE_STREAMING: 'TRUE' }),
    ).toBe(false);
    expect(isProgressiveSseStreamingEnabled({ ADK_DISABLE_PROGRESSIVE_SSE_STREAMING: 'yes' })).toBe(
      true,
    );
    expect(
      isProgressiveSseStreamingEnabled({
        ADK_ENABLE_PROGRESSIVE_SSE_STREAMING: 'true',
        ADK_DISABLE_PROGRESSIVE_SSE_STREAMING: 'true',
      }),
    ).toBe(true);
  });

  it('the constructor option overrides the environment', () => {
    expect(classic().progressive).toBe(false);
    expect(progressive().progressive).toBe(true);
  });
});

describe('StreamingResponseAggregator, progressive SSE mode (spec 004 Progressive SSE)', () => {
  it('marks every chunk partial and merges consecutive text into one part', () => {
    const { emitted, final } = run(progressive(), [
      chunk([{ text: 'Hello ' }]),
      chunk([{ text: 'World!' }], { finishReason: 'STOP' }),
    ]);
    expect(emitted).toEqual([
      [{ content: { role: 'model', parts: [{ text: 'Hello ' }] }, partial: true }],
      [
        {
          content: { role: 'model', parts: [{ text: 'World!' }] },
          finishReason: 'STOP',
          partial: true,
        },
      ],
    ]);
    expect(final).toEqual({
      content: { role: 'model', parts: [{ text: 'Hello World!' }] },
      finishReason: 'STOP',
      partial: false,
    });
  });

  it('keeps thought and answer text apart, in arrival order', () => {
    const { final } = run(progressive(), [
      chunk([{ text: 'I am ', thought: true }]),
      chunk([{ text: 'thinking.', thought: true }]),
      chunk([{ text: 'The result' }]),
      chunk([{ text: ' is 42.' }]),
      chunk([{ text: 'Second thought.', thought: true }]),
    ]);
    expect(final?.content?.parts).toEqual([
      { text: 'I am thinking.', thought: true },
      { text: 'The result is 42.' },
      { text: 'Second thought.', thought: true },
    ]);
  });

  it('compares the thought flags raw: an absent flag and false start separate runs', () => {
    const { final } = run(progressive(), [
      chunk([{ text: 'a' }]),
      chunk([{ text: 'b', thought: false }]),
    ]);
    expect(final?.content?.parts).toEqual([{ text: 'a' }, { text: 'b' }]);
  });

  it('puts a function call after the text before it, keeping the model’s id', () => {
    const call = { id: 'call-1', name: 'get_weather', args: { city: 'Paris' } };
    const { emitted, final } = run(progressive(), [
      chunk([{ text: 'Let me ' }]),
      chunk([{ text: 'check.' }, { functionCall: call }], { finishReason: 'STOP' }),
    ]);
    expect(emitted[1]).toHaveLength(1);
    expect(emitted[1]?.[0]?.partial).toBe(true);
    expect(final?.content?.parts).toEqual([{ text: 'Let me check.' }, { functionCall: call }]);
    expect(final?.errorCode).toBeUndefined();
  });

  it('gives a call without id a client id, the same in the partial chunk and the final response', () => {
    const input = chunk([{ functionCall: { name: 'my_tool', args: { x: 1 } } }], {
      finishReason: 'STOP',
    });
    const before = deepClone(input);
    const { emitted, final } = run(progressive(), [input]);
    const shown = emitted[0]?.[0]?.content?.parts?.[0]?.functionCall;
    const kept = final?.content?.parts?.[0]?.functionCall;
    expect(kept?.id?.startsWith(CLIENT_FUNCTION_CALL_ID_PREFIX)).toBe(true);
    expect(shown?.id).toBe(kept?.id);
    expect(kept).toMatchObject({ name: 'my_tool', args: { x: 1 } });
    expect(input).toEqual(before);
  });

  it('keeps parallel function calls in order, each with its own id', () => {
    const { final } = run(progressive(), [
      chunk([
        { functionCall: { name: 'tool_a', args: { a: 1 } } },
        { functionCall: { name: 'tool_b', args: { b: 2 } } },
      ]),
      chunk([{ functionCall: { id: 'given', name: 'tool_c', args: {} } }], {
        finishReason: 'STOP',
      }),
    ]);
    const calls = final?.content?.parts?.map((part) => part.functionCall);
    expect(calls?.map((call) => call?.name)).toEqual(['tool_a', 'tool_b', 'tool_c']);
    expect(calls?.[2]?.id).toBe('given');
    expect(new Set(calls?.map((call) => call?.id)).size).toBe(3);
  });

  it('assembles a call whose arguments stream by JSON path', () => {
    const { emitted, final } = run(progressive(), [
      chunk([
        {
          functionCall: { name: 'get_weather', willContinue: true },
          thoughtSignature: 'c2lnLTE=',
        },
      ]),
      chunk([
        {
          functionCall: {
            partialArgs: [{ jsonPath: '$.location', stringValue: 'New', willContinue: true }],
            willContinue: true,
          },
          thoughtSignature: 'c2lnLTI=',
        },
      ]),
      chunk(
        [
          {
            functionCall: {
              partialArgs: [
                { jsonPath: '$.location', stringValue: ' York' },
                { jsonPath: '$.unit.celsius', boolValue: true },
                { jsonPath: '$.days', numberValue: 3 },
                { jsonPath: '$.tags[1]', stringValue: 'b' },
                { jsonPath: '$.note', nullValue: 'NULL_VALUE' },
                { stringValue: 'no path, ignored' },
              ],
              willContinue: false,
            },
          },
        ],
        { finishReason: 'STOP' },
      ),
    ]);
    const firstShown = emitted[0]?.[0]?.content?.parts?.[0]?.functionCall;
    expect(firstShown?.id?.startsWith(CLIENT_FUNCTION_CALL_ID_PREFIX)).toBe(true);
    expect(emitted[1]?.[0]?.content?.parts?.[0]?.functionCall?.id).toBeUndefined();
    expect(final?.content?.parts).toEqual([
      {
        functionCall: {
          id: firstShown?.id,
          name: 'get_weather',
          args: {
            location: 'New York',
            unit: { celsius: true },
            days: 3,
            tags: [null, 'b'],
            note: null,
          },
        },
        thoughtSignature: 'c2lnLTE=',
      },
    ]);
    expect(Object.keys(final?.content?.parts?.[0]?.functionCall?.args ?? {})).toEqual([
      'location',
      'unit',
      'days',
      'tags',
      'note',
    ]);
  });

  it('lets a scalar replace a streamed string, and a string extend an earlier string', () => {
    const { final } = run(progressive(), [
      chunk([
        {
          functionCall: {
            name: 't',
            partialArgs: [
              { jsonPath: '$.a', stringValue: 'text' },
              { jsonPath: '$.a', numberValue: 7 },
              { jsonPath: '$.b', stringValue: 'x' },
            ],
            willContinue: true,
          },
        },
      ]),
      chunk([
        {
          functionCall: {
            partialArgs: [{ jsonPath: '$.b', stringValue: 'y' }],
            willContinue: false,
          },
        },
      ]),
    ]);
    expect(final?.content?.parts?.[0]?.functionCall?.args).toEqual({ a: 7, b: 'xy' });
  });

  it('puts text that arrives while a call streams before that call, as Python does', () => {
    const { final } = run(progressive(), [
      chunk([{ functionCall: { id: 'f', name: 'slow', willContinue: true } }]),
      chunk([{ text: 'meanwhile' }]),
      chunk([
        {
          functionCall: {
            partialArgs: [{ jsonPath: '$.q', stringValue: 'v' }],
            willContinue: false,
          },
        },
      ]),
    ]);
    expect(final?.content?.parts).toEqual([
      { text: 'meanwhile' },
      { functionCall: { id: 'f', name: 'slow', args: { q: 'v' } } },
    ]);
  });

  it('skips a nameless end marker and flushes an unfinished streamed call at close', () => {
    const { final } = run(progressive(), [
      chunk([
        {
          functionCall: {
            id: 'f',
            name: 'open',
            partialArgs: [{ jsonPath: '$.k', stringValue: 'v' }],
            willContinue: true,
          },
        },
      ]),
      chunk([{ functionCall: {} }], { finishReason: 'STOP' }),
    ]);
    expect(final?.content?.parts).toEqual([
      { functionCall: { id: 'f', name: 'open', args: { k: 'v' } } },
    ]);
  });

  it('keeps thought signatures: the first of a text run, and a call part’s own', () => {
    const { final } = run(progressive(), [
      chunk([{ text: 'think ', thought: true }]),
      chunk([{ text: 'more', thought: true, thoughtSignature: 'Zmlyc3Q=' }]),
      chunk([{ text: '.', thought: true, thoughtSignature: 'c2Vjb25k' }]),
      chunk([{ functionCall: { id: 'c', name: 'go', args: {} }, thoughtSignature: 'Y2FsbA==' }]),
    ]);
    expect(final?.content?.parts).toEqual([
      { text: 'think more.', thought: true, thoughtSignature: 'Zmlyc3Q=' },
      { functionCall: { id: 'c', name: 'go', args: {} }, thoughtSignature: 'Y2FsbA==' },
    ]);
  });

  it('keeps non-text parts in order, an empty text part among them', () => {
    const { final } = run(progressive(), [
      chunk([{ text: 'Here:' }, { inlineData: { mimeType: 'image/png', data: 'AA==' } }]),
      chunk([{ text: '' }, { text: 'done' }]),
    ]);
    expect(final?.content?.parts).toEqual([
      { text: 'Here:' },
      { inlineData: { mimeType: 'image/png', data: 'AA==' } },
      { text: '' },
      { text: 'done' },
    ]);
  });
});

describe('StreamingResponseAggregator, classic mode (spec 004 StreamingResponseAggregator)', () => {
  it('marks text chunks partial and aggregates them at close', () => {
    const { emitted, final } = run(classic(), [
      chunk([{ text: 'Hello ' }]),
      chunk([{ text: 'World!' }], { finishReason: 'STOP' }),
    ]);
    expect(emitted.map((responses) => responses.map((response) => response.partial))).toEqual([
      [true],
      [true],
    ]);
    expect(final).toEqual({
      content: { role: 'model', parts: [{ text: 'Hello World!' }] },
      finishReason: 'STOP',
      partial: false,
    });
  });

  it('puts all thought text before all answer text', () => {
    const { final } = run(classic(), [
      chunk([{ text: 'A' }]),
      chunk([{ text: 'hmm', thought: true }]),
      chunk([{ text: 'B' }]),
    ]);
    expect(final?.content?.parts).toEqual([{ text: 'hmm', thought: true }, { text: 'AB' }]);
  });

  it('a function-call chunk first flushes the buffered text as a non-partial response', () => {
    const call = { name: 'get_weather', args: { city: 'Paris' } };
    const { emitted, final } = run(classic(), [
      chunk([{ text: 'Thinking', thought: true }]),
      chunk([{ text: 'Let me check.' }], { usageMetadata: { totalTokenCount: 1 } }),
      chunk([{ functionCall: call }], {
        finishReason: 'STOP',
        usageMetadata: { totalTokenCount: 9 },
        modelVersion: 'gemini-test',
      }),
    ]);
    expect(emitted[2]).toEqual([
      {
        content: {
          role: 'model',
          parts: [{ text: 'Thinking', thought: true }, { text: 'Let me check.' }],
        },
        usageMetadata: { totalTokenCount: 9 },
        finishReason: 'STOP',
        modelVersion: 'gemini-test',
      },
      {
        content: { role: 'model', parts: [{ functionCall: call }] },
        usageMetadata: { totalTokenCount: 9 },
        finishReason: 'STOP',
        modelVersion: 'gemini-test',
      },
    ]);
    // The text was already delivered and the call is left to the flow: the
    // final response has no content.
    expect(final).toEqual({
      usageMetadata: { totalTokenCount: 9 },
      finishReason: 'STOP',
      partial: false,
      modelVersion: 'gemini-test',
    });
  });

  it('a chunk starting with inline data (audio) leaves the text buffered', () => {
    const audio = { inlineData: { mimeType: 'audio/pcm', data: 'AA==' } };
    const { emitted, final } = run(classic(), [chunk([{ text: 'Hi' }]), chunk([audio])]);
    expect(emitted[1]).toEqual([{ content: { role: 'model', parts: [audio] } }]);
    expect(final?.content?.parts).toEqual([{ text: 'Hi' }]);
  });

  it('an empty closing chunk flushes the text too, then close has no content', () => {
    const { emitted, final } = run(classic(), [
      chunk([{ text: 'Hi' }]),
      chunk([], { finishReason: 'STOP' }),
    ]);
    expect(emitted[1]).toEqual([
      { content: { role: 'model', parts: [{ text: 'Hi' }] }, finishReason: 'STOP' },
      { content: { role: 'model', parts: [] }, finishReason: 'STOP' },
    ]);
    expect(final).toEqual({ finishReason: 'STOP', partial: false });
  });

  it('looks at the first part only', () => {
    const { emitted, final } = run(classic(), [
      chunk([{ text: 'a' }, { functionCall: { name: 'ignored', args: {} } }]),
    ]);
    expect(emitted[0]?.[0]?.partial).toBe(true);
    expect(final?.content?.parts).toEqual([{ text: 'a' }]);
  });
});

describe.each([
  ['progressive', progressive],
  ['classic', classic],
])('StreamingResponseAggregator errors and metadata, %s mode (spec 000 §5.3)', (_mode, make) => {
  it('returns undefined from close when no chunk was processed', () => {
    expect(make().close()).toBeUndefined();
  });

  it('a finish reason other than STOP without content becomes the error', () => {
    const { emitted, final } = run(make(), [
      chunk([{ text: 'Partial answer' }]),
      chunk(undefined, { finishReason: 'SAFETY', finishMessage: 'Blocked for safety.' }),
    ]);
    expect(emitted[1]?.at(-1)).toMatchObject({
      errorCode: 'SAFETY',
      errorMessage: 'Blocked for safety.',
      finishReason: 'SAFETY',
    });
    expect(final).toMatchObject({
      errorCode: 'SAFETY',
      errorMessage: 'Blocked for safety.',
      finishReason: 'SAFETY',
      partial: false,
    });
  });

  it('a non-STOP finish with content keeps the content and reports the error', () => {
    const { final } = run(make(), [
      chunk([{ text: 'Error' }], { finishReason: 'RECITATION', finishMessage: 'Recitation error' }),
    ]);
    expect(final?.errorCode).toBe('RECITATION');
    expect(final?.errorMessage).toBe('Recitation error');
    expect(final?.content?.parts?.[0]?.text).toBe('Error');
  });

  it('keeps the last finish reason reported; the message comes from the last chunk only', () => {
    const { final } = run(make(), [
      chunk([{ text: 'a' }], { finishReason: 'MAX_TOKENS', finishMessage: 'too long' }),
      chunk([{ text: 'b' }]),
    ]);
    expect(final?.finishReason).toBe('MAX_TOKENS');
    expect(final?.errorCode).toBe('MAX_TOKENS');
    expect(final?.errorMessage).toBeUndefined();
  });

  it('STOP is no error, even with no parts', () => {
    const { emitted, final } = run(make(), [chunk([], { finishReason: 'STOP' })]);
    expect(emitted[0]).toHaveLength(1);
    expect(emitted[0]?.[0]?.errorCode).toBeUndefined();
    expect(final).toEqual({ finishReason: 'STOP', partial: false });
  });

  it('a blocked prompt gives the block reason and message', () => {
    const { emitted, final } = run(make(), [
      raw({ promptFeedback: { blockReason: 'SAFETY', blockReasonMessage: 'Blocked by safety' } }),
    ]);
    expect(emitted[0]).toHaveLength(1);
    expect(emitted[0]?.[0]).toMatchObject({
      errorCode: 'SAFETY',
      errorMessage: 'Blocked by safety',
    });
    expect(final).toEqual({
      errorCode: 'SAFETY',
      errorMessage: 'Blocked by safety',
      partial: false,
    });
  });

  it('keeps usage metadata from an earlier chunk, and the latest reported one', () => {
    const first = { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 };
    const later = { promptTokenCount: 10, candidatesTokenCount: 8, totalTokenCount: 18 };
    expect(
      run(make(), [
        chunk([{ text: 'Hello ' }], { usageMetadata: first }),
        chunk([{ text: 'World!' }], { finishReason: 'STOP' }),
      ]).final?.usageMetadata,
    ).toEqual(first);
    expect(
      run(make(), [
        chunk([{ text: 'Hello ' }], { usageMetadata: first }),
        chunk([{ text: 'World!' }], { usageMetadata: later }),
        chunk([{ text: '!' }]),
      ]).final?.usageMetadata,
    ).toEqual(later);
  });

  it('carries grounding and citation metadata and the last chunk’s model version', () => {
    const grounding = { groundingChunks: [{ web: { uri: 'https://example.com', title: 'Ex' } }] };
    const citation = { citations: [{ startIndex: 0, endIndex: 10, uri: 'https://example.com' }] };
    const { final } = run(make(), [
      chunk([{ text: 'Cited ' }], { groundingMetadata: grounding, modelVersion: 'v1' }),
      chunk([{ text: 'text' }], { modelVersion: 'v1' }),
      chunk([], { finishReason: 'STOP', citationMetadata: citation, modelVersion: 'v2' }),
    ]);
    expect(final?.groundingMetadata).toEqual(grounding);
    expect(final?.citationMetadata).toEqual(citation);
    expect(final?.modelVersion).toBe('v2');
    expect(final?.partial).toBe(false);
  });
});
