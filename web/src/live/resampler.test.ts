import { describe, expect, it } from 'vitest';
import { StreamingResampler } from './resampler';

function sine(frequency: number, rate: number, seconds: number): Float32Array {
  return Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, index) => 0.8 * Math.sin((2 * Math.PI * frequency * index) / rate),
  );
}

/** Sign changes per second: twice the frequency of a pure tone. */
function crossingsPerSecond(samples: Float32Array, rate: number): number {
  let crossings = 0;
  for (let index = 1; index < samples.length; index += 1) {
    if (samples[index - 1]! < 0 !== samples[index]! < 0) crossings += 1;
  }
  return crossings / (samples.length / rate);
}

function concat(blocks: Float32Array[]): Float32Array {
  const all = new Float32Array(blocks.reduce((sum, block) => sum + block.length, 0));
  let offset = 0;
  for (const block of blocks) {
    all.set(block, offset);
    offset += block.length;
  }
  return all;
}

describe('StreamingResampler', () => {
  it('passes samples through when the rates match', () => {
    const resampler = new StreamingResampler(16_000, 16_000);
    const block = Float32Array.from([0.1, -0.2, 0.3]);
    expect(resampler.push(block)).toEqual(block);
  });

  it('takes 48 kHz down to 16 kHz: a third of the samples, the same pitch', () => {
    const input = sine(440, 48_000, 1);
    const output = new StreamingResampler(48_000, 16_000).push(input);
    expect(Math.abs(output.length - 16_000)).toBeLessThanOrEqual(2);
    expect(crossingsPerSecond(output, 16_000)).toBeCloseTo(880, -1);
    // The box filter barely touches a 440 Hz tone: the peak stays near 0.8.
    expect(Math.max(...output)).toBeGreaterThan(0.75);
  });

  it('gives the same samples for a signal pushed in 128-frame render blocks as pushed whole', () => {
    const input = sine(300, 44_100, 0.5);
    const whole = new StreamingResampler(44_100, 16_000).push(input);
    const streamed = new StreamingResampler(44_100, 16_000);
    const blocks: Float32Array[] = [];
    for (let start = 0; start < input.length; start += 128) {
      blocks.push(streamed.push(input.subarray(start, start + 128)));
    }
    const pieced = concat(blocks);
    expect(pieced.length).toBe(whole.length);
    pieced.forEach((value, index) => expect(value).toBeCloseTo(whole[index]!, 6));
  });

  it('takes 16 kHz up to 24 kHz by interpolation, keeping a constant signal constant', () => {
    const output = new StreamingResampler(16_000, 24_000).push(new Float32Array(1600).fill(0.25));
    expect(Math.abs(output.length - 2400)).toBeLessThanOrEqual(2);
    output.forEach((value) => expect(value).toBeCloseTo(0.25, 6));
  });

  it('refuses rates that are not positive numbers', () => {
    expect(() => new StreamingResampler(0, 16_000)).toThrow(RangeError);
    expect(() => new StreamingResampler(48_000, Number.NaN)).toThrow(RangeError);
  });
});
