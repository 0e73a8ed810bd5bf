import { describe, expect, it } from 'vitest';
import { PcmChunker } from './pcm-chunker';

describe('PcmChunker', () => {
  it('hands out fixed-size chunks across pushes, in order, keeping the rest', () => {
    const chunker = new PcmChunker(4);
    expect(chunker.push(Float32Array.from([1, 2, 3]))).toEqual([]);
    expect(chunker.push(Float32Array.from([4, 5, 6, 7, 8, 9, 10]))).toEqual([
      Float32Array.from([1, 2, 3, 4]),
      Float32Array.from([5, 6, 7, 8]),
    ]);
    expect(chunker.flush()).toEqual(Float32Array.from([9, 10]));
    expect(chunker.flush()).toEqual(new Float32Array(0));
  });

  it('gives every chunk its own buffer', () => {
    const chunker = new PcmChunker(2);
    const [first, second] = chunker.push(Float32Array.from([1, 2, 3, 4]));
    expect(first).not.toBe(second);
    expect(first).toEqual(Float32Array.from([1, 2]));
  });

  it('refuses a chunk size that is not a positive integer', () => {
    expect(() => new PcmChunker(0)).toThrow(RangeError);
    expect(() => new PcmChunker(1.5)).toThrow(RangeError);
  });
});
