/*
 * The audio worklet of the microphone capture (loaded by
 * microphone-capture.ts as a module of its own): it copies the first
 * channel of its input to the main thread in batches, and outputs silence.
 * Resampling and encoding happen on the main thread, where they are tested.
 */

// The AudioWorkletGlobalScope names this module uses (not in TypeScript's DOM lib).
declare abstract class AudioWorkletProcessor {
  readonly port: MessagePort;
  abstract process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

/** Frames per message: 2048 at 48 kHz is about 43 ms, few enough messages and little delay. */
const BATCH_FRAMES = 2048;

class PcmCaptureProcessor extends AudioWorkletProcessor {
  private batch = new Float32Array(BATCH_FRAMES);
  private filled = 0;

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (!channel) return true;
    let offset = 0;
    while (offset < channel.length) {
      const taken = Math.min(BATCH_FRAMES - this.filled, channel.length - offset);
      this.batch.set(channel.subarray(offset, offset + taken), this.filled);
      this.filled += taken;
      offset += taken;
      if (this.filled === BATCH_FRAMES) {
        this.port.postMessage(this.batch, [this.batch.buffer]);
        this.batch = new Float32Array(BATCH_FRAMES);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('adk-pcm-capture', PcmCaptureProcessor);

export {};
