import { describe, expect, it } from 'vitest';
import type { GenerateContentResponse } from '../types/index.js';
import { chunk, run, progressive, classic } from './streaming-response-aggregator-test-fixtures.js';

function raw(response: Record<string, unknown>): GenerateContentResponse {
  return response as unknown as GenerateContentResponse;
}

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
