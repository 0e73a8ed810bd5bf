/**
 * An app to try the dev UI's live mode with, offline: `npm run adk -- web
 * examples/dev-ui`, open http://127.0.0.1:8000/dev-ui/, pick `voice_demo`,
 * press _Start live_ and speak (the browser asks for the microphone).
 *
 * Its stand-in live model listens: after every two seconds of microphone
 * audio it "hears" you (an input transcription saying how loud you were),
 * answers with a short chime (24 kHz PCM, as Gemini Live speaks) and says
 * what it heard (an output transcription), then ends its turn. A typed
 * message gets a spoken-style answer too. For a real voice model, see
 * docs/live.md ("Live in adk web").
 */
import {
  BaseLlm,
  NotSupportedError,
  LlmAgent,
  type BaseLlmConnection,
  type Content,
  type LlmRequest,
  type LlmResponse,
  type RealtimeInput,
} from '@adk-ts/adk';

/** How much audio makes one "utterance", in seconds. */
const UTTERANCE_SECONDS = 2;

/** A 0.3 s 660 Hz chime with a fade-out, as base64 16-bit PCM at 24 kHz. */
function chime(): string {
  const rate = 24_000;
  const count = Math.round(rate * 0.3);
  const pcm = Buffer.alloc(count * 2);
  for (let index = 0; index < count; index += 1) {
    const fade = 1 - index / count;
    const value = 0.3 * fade * Math.sin((2 * Math.PI * 660 * index) / rate);
    pcm.writeInt16LE(Math.round(value * 0x7fff), index * 2);
  }
  return pcm.toString('base64');
}

/** The sample rate a PCM MIME type names (`audio/pcm;rate=16000`), 16 kHz when none. */
function rateOf(mimeType: string | undefined): number {
  const match = /rate=(\d+)/.exec(mimeType ?? '');
  return match ? Number(match[1]) : 16_000;
}

/** A live session that answers every two seconds of audio it hears. */
class ListeningConnection implements BaseLlmConnection {
  private readonly outbox: LlmResponse[] = [];
  private wake: (() => void) | undefined;
  private closed = false;
  private heardSeconds = 0;
  private peak = 0;

  sendHistory(_history: Content[]): Promise<void> {
    return Promise.resolve();
  }

  sendContent(content: Content): Promise<void> {
    const text = content.parts?.map((part) => part.text ?? '').join('') ?? '';
    if (text) this.answer(`You typed "${text}". Speak to me: I answer every two seconds.`);
    return Promise.resolve();
  }

  sendRealtime(input: RealtimeInput): Promise<void> {
    if (!('blob' in input) || !input.blob.mimeType?.startsWith('audio/pcm')) {
      return Promise.resolve();
    }
    const pcm = Buffer.from(input.blob.data ?? '', 'base64');
    for (let offset = 0; offset + 1 < pcm.length; offset += 2) {
      this.peak = Math.max(this.peak, Math.abs(pcm.readInt16LE(offset)) / 0x8000);
    }
    this.heardSeconds += pcm.length / 2 / rateOf(input.blob.mimeType);
    if (this.heardSeconds >= UTTERANCE_SECONDS) {
      const level = Math.round(this.peak * 100);
      this.heardSeconds = 0;
      this.peak = 0;
      this.push({
        inputTranscription: {
          text: `(two seconds of sound, peak level ${level}%)`,
          finished: true,
        },
      });
      this.answer(`I heard two seconds of sound; its peak level was ${level}%.`);
    }
    return Promise.resolve();
  }

  async *receive(): AsyncGenerator<LlmResponse, void> {
    for (;;) {
      const next = this.outbox.shift();
      if (next !== undefined) {
        yield next;
        // As Gemini's live connection does, the stream ends with the model's turn.
        if (next.turnComplete === true) return;
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  close(): Promise<void> {
    this.closed = true;
    this.push();
    return Promise.resolve();
  }

  private answer(text: string): void {
    this.push(
      {
        content: {
          role: 'model',
          parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: chime() } }],
        },
      },
      { outputTranscription: { text, finished: true } },
      { turnComplete: true },
    );
  }

  private push(...responses: LlmResponse[]): void {
    this.outbox.push(...responses);
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

/** A stand-in live model: every connection listens and answers as above. */
class ListeningModel extends BaseLlm {
  constructor() {
    super({ model: 'listening-demo' });
  }

  // eslint-disable-next-line require-yield
  override async *generateContentAsync(_request: LlmRequest): AsyncGenerator<LlmResponse, void> {
    throw new NotSupportedError({
      message: 'voice_demo only talks live: press "Start live" in the dev UI.',
    });
  }

  override connect(_request: LlmRequest): Promise<BaseLlmConnection> {
    return Promise.resolve(new ListeningConnection());
  }
}

export const rootAgent = new LlmAgent({
  name: 'voice_demo',
  model: new ListeningModel(),
  instruction: 'Listen, and say what you heard.',
});
