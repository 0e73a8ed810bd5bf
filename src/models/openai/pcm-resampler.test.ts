import { describe, expect, it } from 'vitest';
import { PcmResampler, pcmRateOf } from './pcm-resampler.js';

function pcm(samples: number[]): Buffer {
  const bytes = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) => bytes.writeInt16LE(sample, i * 2));
  return bytes;
}

function samplesOf(bytes: Buffer): number[] {
  return Array.from({ length: bytes.length / 2 }, (_, i) => bytes.readInt16LE(i * 2));
}

describe('pcmRateOf', () => {
  it('reads the rate parameter, defaults raw PCM to 16 kHz, and refuses other types', () => {
    expect(pcmRateOf('audio/pcm;rate=24000')).toBe(24000);
    expect(pcmRateOf('audio/PCM; rate=8000')).toBe(8000);
    expect(pcmRateOf('audio/pcm')).toBe(16000);
    expect(pcmRateOf('audio/pcm;rate=fast')).toBeUndefined();
    expect(pcmRateOf('audio/wav')).toBeUndefined();
    expect(pcmRateOf(undefined)).toBeUndefined();
  });
});

describe('PcmResampler', () => {
  it('interpolates 16 kHz up to 24 kHz: three output samples per two input samples', () => {
    const resampler = new PcmResampler(16000, 24000);
    expect(samplesOf(resampler.push(pcm([0, 300, 600, 900, 1200])))).toEqual([
      0, 200, 400, 600, 800, 1000, 1200,
    ]);
  });

  it('gives the same samples for a stream cut into chunks anywhere as for the whole stream', () => {
    const samples = Array.from({ length: 97 }, (_, i) => Math.round(8000 * Math.sin(i / 5)));
    const whole = samplesOf(new PcmResampler(16000, 24000).push(pcm(samples)));
    for (const cut of [[1], [2, 3], [10, 11, 50], [33, 66, 96]]) {
      const resampler = new PcmResampler(16000, 24000);
      const chunks = [0, ...cut, samples.length].slice(1).map((end, i, ends) => {
        const start = i === 0 ? 0 : (ends[i - 1] as number);
        return samplesOf(resampler.push(pcm(samples.slice(start, end))));
      });
      expect(chunks.flat()).toEqual(whole);
    }
  });

  it('passes 24 kHz through and keeps every other sample of 48 kHz', () => {
    const same = pcm([1, 2, 3]);
    expect(new PcmResampler(24000, 24000).push(same)).toBe(same);
    expect(samplesOf(new PcmResampler(48000, 24000).push(pcm([1, 2, 3, 4, 5])))).toEqual([1, 3, 5]);
  });

  it('drops a trailing odd byte and returns nothing for an empty chunk', () => {
    const resampler = new PcmResampler(16000, 24000);
    expect(resampler.push(Buffer.alloc(1)).length).toBe(0);
    expect(samplesOf(resampler.push(Buffer.concat([pcm([30]), Buffer.alloc(1)])))).toEqual([30]);
  });
});
