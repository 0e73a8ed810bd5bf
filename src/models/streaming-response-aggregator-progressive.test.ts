import { describe, expect, it } from 'vitest';
import { deepClone } from '../utils/deep-clone.js';
import { CLIENT_FUNCTION_CALL_ID_PREFIX } from '../utils/ids.js';
import { chunk, run, progressive } from './streaming-response-aggregator-test-fixtures.js';

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
