/**
 * Conversions between the browser's float audio samples and the 16-bit
 * little-endian PCM the live API speaks (`audio/pcm;rate=<hz>`), and the
 * base64 that carries PCM in JSON frames.
 */

/** The rate the live API expects microphone audio at. */
export const INPUT_SAMPLE_RATE = 16_000;

/** The MIME type of the microphone chunks sent to `/run_live`. */
export const INPUT_MIME_TYPE = `audio/pcm;rate=${INPUT_SAMPLE_RATE}`;

/** The rate of model audio whose MIME type names none (Gemini Live speaks 24 kHz). */
export const DEFAULT_OUTPUT_SAMPLE_RATE = 24_000;

/**
 * Encodes float samples in [-1, 1] as 16-bit signed little-endian PCM;
 * samples outside the range are clipped (never wrapped).
 */
export function floatToPcm16(samples: Float32Array): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  for (let index = 0; index < samples.length; index += 1) {
    const clipped = Math.max(-1, Math.min(1, samples[index] ?? 0));
    // Asymmetric scale: -1 maps to -32768 and +1 to 32767, as 16-bit PCM is.
    const value = clipped < 0 ? clipped * 0x8000 : clipped * 0x7fff;
    view.setInt16(index * 2, Math.round(value), true);
  }
  return bytes;
}

/**
 * Decodes 16-bit signed little-endian PCM into float samples in [-1, 1);
 * a trailing odd byte (half a sample) is ignored.
 */
export function pcm16ToFloat(bytes: Uint8Array): Float32Array<ArrayBuffer> {
  const count = Math.floor(bytes.length / 2);
  const view = new DataView(bytes.buffer, bytes.byteOffset, count * 2);
  const samples = new Float32Array(count);
  for (let index = 0; index < count; index += 1) {
    samples[index] = view.getInt16(index * 2, true) / 0x8000;
  }
  return samples;
}

/** Standard base64 of `bytes` (what `/run_live` frames carry). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode's argument list short for large buffers.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/**
 * Decodes base64, standard or URL-safe (Python's pydantic writes bytes
 * URL-safe), with or without padding. Throws on characters outside both
 * alphabets.
 */
export function base64ToBytes(text: string): Uint8Array {
  let standard = text.replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, '');
  while (standard.length % 4 !== 0) standard += '=';
  const binary = atob(standard);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * The sample rate of a raw PCM MIME type (`audio/pcm;rate=24000` → 24000),
 * `fallback` when it names none, or undefined when the type is not raw
 * 16-bit PCM (`audio/pcm` or `audio/l16`).
 */
export function pcmSampleRate(
  mimeType: string | undefined,
  fallback: number = DEFAULT_OUTPUT_SAMPLE_RATE,
): number | undefined {
  if (!mimeType) return undefined;
  const [type = '', ...parameters] = mimeType.split(';').map((piece) => piece.trim());
  if (!/^audio\/(pcm|l16)$/i.test(type)) return undefined;
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=').map((piece) => piece.trim());
    if (name?.toLowerCase() !== 'rate' || value === undefined) continue;
    const rate = Number(value);
    if (Number.isInteger(rate) && rate > 0) return rate;
  }
  return fallback;
}
