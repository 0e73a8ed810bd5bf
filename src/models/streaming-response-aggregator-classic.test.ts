import { describe, expect, it } from 'vitest';
import { chunk, run, classic } from './streaming-response-aggregator-test-fixtures.js';

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
