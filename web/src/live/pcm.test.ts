import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  floatToPcm16,
  INPUT_MIME_TYPE,
  pcm16ToFloat,
  pcmSampleRate,
} from './pcm';

describe('floatToPcm16 / pcm16ToFloat', () => {
  it('writes 16-bit signed little-endian samples, clipping out-of-range values', () => {
    const bytes = floatToPcm16(Float32Array.from([0, 1, -1, 0.5, 2, -3]));
    const view = new DataView(bytes.buffer);
    expect(bytes.length).toBe(12);
    expect([0, 1, 2, 3, 4, 5].map((index) => view.getInt16(index * 2, true))).toEqual([
      0, 32767, -32768, 16384, 32767, -32768,
    ]);
    // Little-endian: the low byte of 32767 (0xff) comes first.
    expect([bytes[2], bytes[3]]).toEqual([0xff, 0x7f]);
  });

  it('round-trips samples within one quantisation step', () => {
    const samples = Float32Array.from({ length: 100 }, (_, index) => Math.sin(index / 7) * 0.9);
    const back = pcm16ToFloat(floatToPcm16(samples));
    expect(back.length).toBe(100);
    back.forEach((value, index) =>
      expect(Math.abs(value - samples[index]!)).toBeLessThan(1 / 16384),
    );
  });

  it('ignores a trailing odd byte and reads from a subarray at its offset', () => {
    const bytes = Uint8Array.from([0xaa, 0x00, 0x40, 0x00, 0xc0, 0x01]);
    expect(Array.from(pcm16ToFloat(bytes.subarray(1)))).toEqual([0.5, -0.5]);
  });
});

describe('base64', () => {
  it('round-trips bytes, large buffers included', () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, index) => (index * 7) % 256);
    const text = bytesToBase64(bytes);
    expect(text).toBe(Buffer.from(bytes).toString('base64'));
    expect(base64ToBytes(text)).toEqual(bytes);
  });

  it('reads URL-safe base64 without padding (as Python writes bytes)', () => {
    const bytes = Uint8Array.from([0xfb, 0xff, 0xbf, 0x01]);
    expect(base64ToBytes(Buffer.from(bytes).toString('base64url'))).toEqual(bytes);
  });

  it('throws on text that is not base64', () => {
    expect(() => base64ToBytes('not base64 ***')).toThrow();
  });
});

describe('pcmSampleRate', () => {
  it('reads the rate parameter of raw PCM types', () => {
    expect(pcmSampleRate(INPUT_MIME_TYPE)).toBe(16_000);
    expect(pcmSampleRate('audio/pcm; rate=24000')).toBe(24_000);
    expect(pcmSampleRate('audio/L16;codec=pcm;rate=8000')).toBe(8_000);
  });

  it('falls back to 24 kHz (or the given rate) when no valid rate is named', () => {
    expect(pcmSampleRate('audio/pcm')).toBe(24_000);
    expect(pcmSampleRate('audio/pcm;rate=fast', 22_050)).toBe(22_050);
  });

  it('is undefined for types that are not raw PCM', () => {
    expect(pcmSampleRate('audio/wav')).toBeUndefined();
    expect(pcmSampleRate('image/png')).toBeUndefined();
    expect(pcmSampleRate(undefined)).toBeUndefined();
  });
});
