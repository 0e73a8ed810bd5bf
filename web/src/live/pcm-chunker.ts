/**
 * Collects samples and hands them out in chunks of a fixed size, so the
 * microphone's small render blocks (128 frames) become chunks of a useful
 * duration (e.g. 100 ms) before they are sent.
 */
export class PcmChunker {
  private buffer: Float32Array;
  private filled = 0;

  /** Throws RangeError unless `chunkSize` is a positive integer. */
  constructor(readonly chunkSize: number) {
    if (!Number.isInteger(chunkSize) || chunkSize <= 0) {
      throw new RangeError(`The chunk size must be a positive integer (got ${chunkSize}).`);
    }
    this.buffer = new Float32Array(chunkSize);
  }

  /** Adds samples; returns the chunks they completed, in order (each its own copy). */
  push(samples: Float32Array): Float32Array[] {
    const chunks: Float32Array[] = [];
    let offset = 0;
    while (offset < samples.length) {
      const taken = Math.min(this.chunkSize - this.filled, samples.length - offset);
      this.buffer.set(samples.subarray(offset, offset + taken), this.filled);
      this.filled += taken;
      offset += taken;
      if (this.filled === this.chunkSize) {
        chunks.push(this.buffer);
        this.buffer = new Float32Array(this.chunkSize);
        this.filled = 0;
      }
    }
    return chunks;
  }

  /** The samples of an unfinished chunk (maybe none), emptying the chunker. */
  flush(): Float32Array {
    const rest = this.buffer.slice(0, this.filled);
    this.filled = 0;
    return rest;
  }
}
