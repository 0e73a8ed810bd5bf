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
  private readonly step: number;
  /** Where the next output sample is read, in source samples, counted from `previous`. */
  private position = 0;
  /** The last sample of the previous chunk, or undefined before the first. */
  private previous: number | undefined;

  constructor(
    readonly fromRate: number,
    readonly toRate: number,
  ) {
    this.step = fromRate / toRate;
  }

  /** The resampled bytes of one chunk (a trailing odd byte is dropped). */
  push(chunk: Buffer): Buffer {
    if (this.fromRate === this.toRate) return chunk;
    const count = Math.floor(chunk.length / 2);
    if (count === 0) return Buffer.alloc(0);
    // Sample i of `source` is input sample i - 1, with the previous chunk's last one at 0.
    const offset = this.previous === undefined ? 0 : 1;
    const source = (i: number): number =>
      i < offset ? (this.previous as number) : chunk.readInt16LE((i - offset) * 2);
    const last = count - 1 + offset;
    const out: number[] = [];
    let position = this.previous === undefined ? 0 : this.position;
    while (position <= last) {
      const index = Math.floor(position);
      const fraction = position - index;
      const left = source(index);
      // Only the exact last sample (fraction 0) has no right neighbour yet.
      const right = index < last ? source(index + 1) : left;
      out.push(Math.round(left + (right - left) * fraction));
      position += this.step;
    }
    this.previous = source(last);
    this.position = position - last;
    const bytes = Buffer.alloc(out.length * 2);
    out.forEach((sample, i) => bytes.writeInt16LE(sample, i * 2));
    return bytes;
  }
}
