/**
 * Converts a stream of float samples from one rate to another by linear
 * interpolation, block by block: the position between blocks is kept, so
 * resampling a signal in pieces gives the same samples as resampling it
 * whole. Going down, each output sample is the mean of the input it covers
 * first (a box filter), which keeps most aliasing out of speech.
 */
export class StreamingResampler {
  private readonly step: number;
  /** Input not consumed yet: the tail of the previous block. */
  private pending: Float32Array = new Float32Array(0);
  /** Where the next output sample falls, in input samples from the start of `pending`. */
  private position = 0;

  /** Throws RangeError unless both rates are positive finite numbers. */
  constructor(
    readonly fromRate: number,
    readonly toRate: number,
  ) {
    if (!(fromRate > 0 && Number.isFinite(fromRate) && toRate > 0 && Number.isFinite(toRate))) {
      throw new RangeError(`Sample rates must be positive numbers (got ${fromRate} → ${toRate}).`);
    }
    this.step = fromRate / toRate;
  }

  /** Resamples the next block; returns the output samples it completes (maybe none). */
  push(block: Float32Array): Float32Array {
    if (this.fromRate === this.toRate) return block.slice();
    const input = new Float32Array(this.pending.length + block.length);
    input.set(this.pending);
    input.set(block, this.pending.length);
    const output: number[] = [];
    const halfWindow = this.step > 1 ? this.step / 2 : 0;
    // An output sample needs the input up to one sample (and half a window) past its position.
    while (this.position + halfWindow + 1 < input.length) {
      output.push(this.sampleAt(input, this.position, halfWindow));
      this.position += this.step;
    }
    // Keep what later positions still read (one sample before the window start).
    const keepFrom = Math.max(0, Math.floor(this.position - halfWindow) - 1);
    this.pending = input.slice(keepFrom);
    this.position -= keepFrom;
    return Float32Array.from(output);
  }

  private sampleAt(input: Float32Array, position: number, halfWindow: number): number {
    if (halfWindow === 0) return interpolate(input, position);
    const start = Math.max(0, position - halfWindow);
    const end = position + halfWindow;
    let sum = 0;
    let count = 0;
    for (let at = start; at < end; at += 1) {
      sum += interpolate(input, at);
      count += 1;
    }
    return count === 0 ? interpolate(input, position) : sum / count;
  }
}

function interpolate(input: Float32Array, position: number): number {
  const index = Math.floor(position);
  const fraction = position - index;
  const current = input[index] ?? 0;
  const next = input[index + 1] ?? current;
  return current + (next - current) * fraction;
}
