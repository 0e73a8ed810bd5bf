import type { AudioChunk } from './live-audio-parts';
import { pcm16ToFloat } from './pcm';

/** How much of the model's speech was played. */
export interface PlaybackStats {
  /** Chunks scheduled to play. */
  readonly scheduled: number;
  /** Chunks that played to their end. */
  readonly played: number;
  /** Chunks playing or waiting to (0 after an interruption). */
  readonly queued: number;
  /** The AudioContext's state (`running` while it can play). */
  readonly state: AudioContextState;
}

/**
 * Plays the model's PCM chunks back to back, gaplessly, in the order they
 * arrive (each at its own sample rate; the browser converts to the
 * device's). `interrupt()` silences what is queued, as a barge-in must.
 * Create it in a user gesture (a click), or the browser may keep it
 * suspended.
 */
export class PcmPlayer {
  private readonly context = new AudioContext();
  private readonly sources = new Set<AudioBufferSourceNode>();
  /** When the queued audio ends, on the context's clock. */
  private queueEnd = 0;
  private scheduled = 0;
  private played = 0;
  private closed: Promise<void> | undefined;

  /** `onChange` hears every change of the stats. */
  constructor(private readonly onChange: (stats: PlaybackStats) => void = () => {}) {
    this.context.onstatechange = () => this.report();
  }

  /** The current stats. */
  get stats(): PlaybackStats {
    return {
      scheduled: this.scheduled,
      played: this.played,
      queued: this.sources.size,
      state: this.context.state,
    };
  }

  /** Resumes a suspended context (call it from a user gesture). */
  async resume(): Promise<void> {
    if (this.context.state === 'suspended') await this.context.resume();
  }

  /** Queues one chunk after the ones already queued (or now, when none is). */
  play(chunk: AudioChunk): void {
    if (this.closed) return;
    const samples = pcm16ToFloat(chunk.pcm);
    if (samples.length === 0) return;
    const buffer = this.context.createBuffer(1, samples.length, chunk.sampleRate);
    buffer.copyToChannel(samples, 0);
    const source = this.context.createBufferSource();
    source.buffer = buffer;
    source.connect(this.context.destination);
    const startAt = Math.max(this.queueEnd, this.context.currentTime);
    source.onended = () => {
      if (!this.sources.delete(source)) return;
      this.played += 1;
      this.report();
    };
    this.sources.add(source);
    source.start(startAt);
    this.queueEnd = startAt + buffer.duration;
    this.scheduled += 1;
    this.report();
  }

  /** Stops what is playing and drops what is queued (the user barged in). */
  interrupt(): void {
    const stopping = [...this.sources];
    // Forget them first: a stopped source's `ended` does not count as played.
    this.sources.clear();
    for (const source of stopping) source.stop();
    this.queueEnd = 0;
    if (stopping.length > 0) this.report();
  }

  /** Stops playing and releases the audio device; calling it again returns the same promise. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      this.interrupt();
      await this.context.close();
    })();
    return this.closed;
  }

  private report(): void {
    this.onChange(this.stats);
  }
}
