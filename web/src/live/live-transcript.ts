import type { WireEvent, WireTranscription } from '../api/types';

/** Who spoke a transcript line. */
export type Speaker = 'user' | 'model';

/** One utterance of a live session, as transcribed. */
export interface TranscriptEntry {
  /** Stable within one transcript (a render key). */
  readonly id: number;
  readonly speaker: Speaker;
  readonly text: string;
  /** False while the utterance is still being transcribed. */
  readonly final: boolean;
  /** True when the user barged in while the model said this. */
  readonly interrupted: boolean;
}

/** The transcript of a live session: its utterances in order. */
export interface LiveTranscript {
  readonly entries: readonly TranscriptEntry[];
  readonly nextId: number;
}

/** Nothing said yet. */
export const EMPTY_TRANSCRIPT: LiveTranscript = { entries: [], nextId: 1 };

/**
 * Adds what one live event tells about speech. A partial transcription
 * piece extends the speaker's open utterance (or opens one); a finished or
 * non-partial one carries the whole utterance (as Gemini's live connection
 * sends it), replaces the open one's text and closes it. `interrupted`
 * closes the model's open utterance as interrupted; `turnComplete` closes
 * it. Returns the same object when the event says nothing about speech.
 */
export function applyTranscription(transcript: LiveTranscript, event: WireEvent): LiveTranscript {
  let next = transcript;
  if (event.inputTranscription) {
    next = addPiece(next, 'user', event.inputTranscription, event.partial === true);
  }
  if (event.outputTranscription) {
    next = addPiece(next, 'model', event.outputTranscription, event.partial === true);
  }
  if (event.interrupted === true) next = closeOpen(next, 'model', true);
  else if (event.turnComplete === true) next = closeOpen(next, 'model', false);
  return next;
}

function addPiece(
  transcript: LiveTranscript,
  speaker: Speaker,
  piece: WireTranscription,
  partial: boolean,
): LiveTranscript {
  const text = piece.text ?? '';
  const closes = piece.finished === true || !partial;
  const openIndex = findOpen(transcript, speaker);
  if (openIndex === -1) {
    if (text === '') return transcript;
    const entry: TranscriptEntry = {
      id: transcript.nextId,
      speaker,
      text,
      final: closes,
      interrupted: false,
    };
    return { entries: [...transcript.entries, entry], nextId: transcript.nextId + 1 };
  }
  const open = transcript.entries[openIndex]!;
  // A closing piece repeats the whole utterance; an empty one only closes it.
  const joined = closes ? text || open.text : open.text + text;
  return replaceAt(transcript, openIndex, { ...open, text: joined, final: closes });
}

function closeOpen(transcript: LiveTranscript, speaker: Speaker, interrupted: boolean) {
  const openIndex = findOpen(transcript, speaker);
  if (openIndex === -1) return transcript;
  const open = transcript.entries[openIndex]!;
  return replaceAt(transcript, openIndex, { ...open, final: true, interrupted });
}

/** The speaker's utterance still being transcribed, if any (only the latest can be). */
function findOpen(transcript: LiveTranscript, speaker: Speaker): number {
  for (let index = transcript.entries.length - 1; index >= 0; index -= 1) {
    const entry = transcript.entries[index]!;
    if (entry.speaker === speaker) return entry.final ? -1 : index;
  }
  return -1;
}

function replaceAt(transcript: LiveTranscript, index: number, entry: TranscriptEntry) {
  return {
    entries: transcript.entries.map((current, at) => (at === index ? entry : current)),
    nextId: transcript.nextId,
  };
}

/**
 * Whether an event is nothing but a transcription (no content, no error,
 * no interruption or turn end): the live transcript shows it while the
 * session lasts, so the chat need not.
 */
export function isTranscriptionOnly(event: WireEvent): boolean {
  if (!event.inputTranscription && !event.outputTranscription) return false;
  return (
    (event.content?.parts ?? []).length === 0 &&
    event.interrupted !== true &&
    event.turnComplete !== true &&
    event.errorCode === undefined
  );
}
