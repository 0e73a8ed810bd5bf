import { writeFile } from 'node:fs/promises';
import { LlmAgent } from '../../src/agents/llm-agent.js';
import type { LlmResponse } from '../../src/events/llm-response.js';
import { ScriptedLiveLlm } from '../../src/testing/scripted-live-llm.js';
import { textResponse } from '../../src/testing/scripted-llm.js';

/** The name the live browser tests serve the voice agent under. */
export const LIVE_APP_NAME = 'voice_app';

/** The user's question, as its transcription pieces arrive. */
export const QUESTION_PIECES = ['What is the weather', ' in Paris?'] as const;
/** The user's question, transcribed whole. */
export const QUESTION = QUESTION_PIECES.join('');
/** The agent's answer, transcribed. */
export const ANSWER = 'It is sunny in Paris.';
/** What the agent starts saying in the turn the user cuts short. */
export const CUT_SHORT = 'Also, tomorrow';

/** The tone of the fake microphone (Hz). */
export const MICROPHONE_TONE_HZ = 440;

/** `seconds` of a `frequency` Hz tone as 16-bit little-endian PCM at `rate`. */
export function tonePcm(frequency: number, rate: number, seconds: number): Buffer {
  const count = Math.round(rate * seconds);
  const pcm = Buffer.alloc(count * 2);
  for (let index = 0; index < count; index += 1) {
    const value = 0.5 * Math.sin((2 * Math.PI * frequency * index) / rate);
    pcm.writeInt16LE(Math.round(value * 0x7fff), index * 2);
  }
  return pcm;
}

/**
 * Writes a mono 16-bit PCM WAV of a tone (the fake microphone chromium
 * reads with `--use-file-for-fake-audio-capture`), at 48 kHz so the page
 * must resample it to 16 kHz.
 */
export async function writeToneWav(file: string, seconds = 3): Promise<void> {
  const rate = 48_000;
  const pcm = tonePcm(MICROPHONE_TONE_HZ, rate, seconds);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  await writeFile(file, Buffer.concat([header, pcm]));
}

function audio(seconds: number): LlmResponse {
  const data = tonePcm(330, 24_000, seconds).toString('base64');
  return {
    content: { role: 'model', parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data } }] },
  };
}

/**
 * The voice agent of the live browser tests, on a scripted live model.
 * Each microphone chunk the page sends releases the next turn:
 * 1. the user's question transcribed (two partial pieces, then the whole),
 *    two short chunks of 24 kHz speech and the answer transcribed, then the
 *    end of the turn;
 * 2. (with `bargeIn`) five seconds of speech and the start of its
 *    transcription, then `interrupted` — the user spoke over it.
 * Later chunks release nothing: the model listens.
 */
export function createLiveApp(options: { bargeIn?: boolean } = {}): {
  agent: LlmAgent;
  model: ScriptedLiveLlm;
} {
  const answerTurn: LlmResponse[] = [
    { inputTranscription: { text: QUESTION_PIECES[0] }, partial: true },
    { inputTranscription: { text: QUESTION_PIECES[1] }, partial: true },
    { inputTranscription: { text: QUESTION, finished: true } },
    audio(0.2),
    audio(0.2),
    { outputTranscription: { text: ANSWER, finished: true } },
    { turnComplete: true },
  ];
  const bargeInTurn: LlmResponse[] = [
    audio(5),
    { outputTranscription: { text: CUT_SHORT }, partial: true },
  ];
  const turns = options.bargeIn ? [answerTurn, bargeInTurn, [{ interrupted: true }]] : [answerTurn];
  const model = new ScriptedLiveLlm({ turns });
  const agent = new LlmAgent({
    name: 'voice_agent',
    model,
    instruction: 'Answer questions about the weather.',
  });
  return { agent, model };
}

/** What the failing live model throws when the first microphone chunk arrives. */
export const LIVE_FAILURE = 'The live model lost its voice.';

/** A live agent whose model fails on the first thing it hears (the run ends with 1011). */
export function createFailingLiveApp(): LlmAgent {
  return new LlmAgent({
    name: 'failing_voice_agent',
    model: new ScriptedLiveLlm({ turns: [new Error(LIVE_FAILURE)] }),
  });
}

/** The text answer of the text-answering live agent. */
export const TEXT_ANSWER = 'Hello there, I answer in text.';

/** A live agent whose model answers the first microphone chunk in streamed text. */
export function createTextLiveApp(): { agent: LlmAgent; model: ScriptedLiveLlm } {
  const model = new ScriptedLiveLlm({
    turns: [
      [
        textResponse('Hello there, ', { partial: true }),
        textResponse('I answer in text.', { partial: true }),
        textResponse(TEXT_ANSWER),
        { turnComplete: true },
      ],
    ],
  });
  return { agent: new LlmAgent({ name: 'text_voice_agent', model }), model };
}
