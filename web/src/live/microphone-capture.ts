import workletUrl from './capture-worklet?worker&url';
import { MicrophoneUnavailableError } from './microphone-unavailable-error';
import { floatToPcm16, INPUT_SAMPLE_RATE } from './pcm';
import { PcmChunker } from './pcm-chunker';
import { StreamingResampler } from './resampler';

/** Options of `MicrophoneCapture.start`. */
export interface MicrophoneCaptureOptions {
  /** Called with each chunk: 16 kHz mono 16-bit little-endian PCM. */
  onChunk: (pcm: Uint8Array) => void;
  /** The duration of a chunk in milliseconds; default 100. */
  chunkMs?: number;
}

/**
 * Captures the microphone as 16 kHz 16-bit PCM chunks: the browser's
 * capture (at the audio device's own rate) goes through an audio worklet to
 * the main thread, where it is resampled to 16 kHz, cut into chunks and
 * encoded. Capturing at the device's rate and resampling here works in
 * every browser (some refuse a 16 kHz context for a microphone).
 */
export class MicrophoneCapture {
  private stopped: Promise<void> | undefined;

  private constructor(
    private readonly context: AudioContext,
    private readonly stream: MediaStream,
    private readonly node: AudioWorkletNode,
  ) {}

  /**
   * Asks for the microphone and starts capturing. Rejects with
   * MicrophoneUnavailableError on a page the browser gives no microphone
   * API (not a secure context), with getUserMedia's errors when access is
   * denied or no microphone exists, and releases what it opened.
   */
  static async start(options: MicrophoneCaptureOptions): Promise<MicrophoneCapture> {
    // navigator.mediaDevices is undefined outside secure contexts, despite its DOM type.
    if (typeof navigator.mediaDevices?.getUserMedia !== 'function') {
      throw new MicrophoneUnavailableError();
    }
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
    });
    const context = new AudioContext();
    try {
      await context.audioWorklet.addModule(workletUrl);
      const node = new AudioWorkletNode(context, 'adk-pcm-capture');
      const resampler = new StreamingResampler(context.sampleRate, INPUT_SAMPLE_RATE);
      const chunker = new PcmChunker(((options.chunkMs ?? 100) * INPUT_SAMPLE_RATE) / 1000);
      node.port.onmessage = (message: MessageEvent<Float32Array>) => {
        for (const chunk of chunker.push(resampler.push(message.data))) {
          options.onChunk(floatToPcm16(chunk));
        }
      };
      context.createMediaStreamSource(stream).connect(node);
      // The node outputs silence; joining the graph's destination keeps it rendered.
      node.connect(context.destination);
      if (context.state === 'suspended') await context.resume();
      return new MicrophoneCapture(context, stream, node);
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      await context.close();
      throw error;
    }
  }

  /**
   * Stops capturing and releases the microphone; no chunk is delivered
   * after. Calling it again returns the same promise.
   */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      this.node.port.onmessage = null;
      this.node.disconnect();
      for (const track of this.stream.getTracks()) track.stop();
      await this.context.close();
    })();
    return this.stopped;
  }
}
