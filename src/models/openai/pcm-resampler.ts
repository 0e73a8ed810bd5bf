/** The sample rate the Realtime API takes and gives `audio/pcm` at. */
export const REALTIME_PCM_RATE = 24000;

/** The rate assumed for `audio/pcm` without a `rate` parameter: the live clients' microphone rate, as on Gemini. */
export const DEFAULT_INPUT_PCM_RATE = 16000;

/**
 * The sample rate an `audio/pcm` MIME type names (`audio/pcm;rate=16000`),
 * `DEFAULT_INPUT_PCM_RATE` when it names none, or undefined for a MIME type
 * that is not raw PCM (or a rate that is not a positive integer).
 */
export function pcmRateOf(mimeType: string | undefined): number | undefined {
  const [type, ...parameters] = (mimeType ?? '').split(';').map((piece) => piece.trim());
  if (type?.toLowerCase() !== 'audio/pcm') return undefined;
  for (const parameter of parameters) {
    const [key, value] = parameter.split('=').map((piece) => piece.trim());
    if (key?.toLowerCase() !== 'rate') continue;
    const rate = Number(value);
    return Number.isInteger(rate) && rate > 0 ? rate : undefined;
  }
  return DEFAULT_INPUT_PCM_RATE;
}

/**
 * Converts a stream of 16-bit little-endian mono PCM chunks from one sample
 * rate to another by linear interpolation. It keeps the last sample and the
 * read position between chunks, so a stream cut into chunks anywhere gives
 * the same samples as the whole stream (one instance per audio stream).
 * Linear interpolation is enough for speech going up from 16 kHz: it adds
 * no content above the source's band and costs nothing to run.
 */
export class PcmResampler {
  /** Output samples given so far. */
  private emitted = 0;
  /** Input samples received before the current chunk. */
  private seen = 0;
  /** The last input sample received (index `seen - 1`). */
  private previous = 0;

  constructor(
    readonly fromRate: number,
    readonly toRate: number,
  ) {}

  /** The resampled bytes of one chunk (a trailing odd byte is dropped). */
  push(chunk: Buffer): Buffer {
    if (this.fromRate === this.toRate) return chunk;
    const count = Math.floor(chunk.length / 2);
    if (count === 0) return Buffer.alloc(0);
    const first = this.seen;
    const last = first + count - 1;
    const sample = (index: number): number =>
      index < first ? this.previous : chunk.readInt16LE((index - first) * 2);
    const out: number[] = [];
    // Positions are kept as integers (output index × input rate, in units of
    // the output rate) so that chunking cannot change the rounding.
    for (;;) {
      const scaled = this.emitted * this.fromRate;
      const remainder = scaled % this.toRate;
      const index = (scaled - remainder) / this.toRate;
      if (index > last || (index === last && remainder > 0)) break;
      const left = sample(index);
      const right = remainder > 0 ? sample(index + 1) : left;
      out.push(Math.round(left + ((right - left) * remainder) / this.toRate));
      this.emitted += 1;
    }
    this.previous = sample(last);
    this.seen = last + 1;
    const bytes = Buffer.alloc(out.length * 2);
    out.forEach((value, i) => bytes.writeInt16LE(value, i * 2));
    return bytes;
  }
}
