import { describe, expect, it } from 'vitest';
import type { WireEvent } from '../api/types';
import {
  applyTranscription,
  EMPTY_TRANSCRIPT,
  isTranscriptionOnly,
  type LiveTranscript,
} from './live-transcript';

let ids = 0;
function event(fields: Partial<WireEvent>): WireEvent {
  return { id: `e${++ids}`, invocationId: 'inv', author: 'agent', timestamp: 1, ...fields };
}

function replay(events: WireEvent[]): LiveTranscript {
  return events.reduce(applyTranscription, EMPTY_TRANSCRIPT);
}

function lines(transcript: LiveTranscript) {
  return transcript.entries.map(({ speaker, text, final, interrupted }) => ({
    speaker,
    text,
    final,
    interrupted,
  }));
}

describe('applyTranscription', () => {
  it('grows an utterance from partial pieces and closes it with the finished whole', () => {
    const growing = replay([
      event({ author: 'user', partial: true, inputTranscription: { text: 'What is' } }),
      event({ author: 'user', partial: true, inputTranscription: { text: ' the weather?' } }),
    ]);
    expect(lines(growing)).toEqual([
      { speaker: 'user', text: 'What is the weather?', final: false, interrupted: false },
    ]);
    const done = applyTranscription(
      growing,
      event({
        author: 'user',
        inputTranscription: { text: 'What is the weather?', finished: true },
      }),
    );
    expect(lines(done)).toEqual([
      { speaker: 'user', text: 'What is the weather?', final: true, interrupted: false },
    ]);
    expect(done.entries[0]?.id).toBe(growing.entries[0]?.id);
  });

  it('keeps the user and the model apart and starts a new utterance after a closed one', () => {
    const transcript = replay([
      event({ author: 'user', inputTranscription: { text: 'Hi', finished: true } }),
      event({ partial: true, outputTranscription: { text: 'Hello' } }),
      event({ author: 'user', partial: true, inputTranscription: { text: 'Wait' } }),
      event({ partial: true, outputTranscription: { text: ' there' } }),
      event({ turnComplete: true }),
      event({ partial: true, outputTranscription: { text: 'Again' } }),
    ]);
    expect(lines(transcript)).toEqual([
      { speaker: 'user', text: 'Hi', final: true, interrupted: false },
      { speaker: 'model', text: 'Hello there', final: true, interrupted: false },
      { speaker: 'user', text: 'Wait', final: false, interrupted: false },
      { speaker: 'model', text: 'Again', final: false, interrupted: false },
    ]);
    expect(new Set(transcript.entries.map((entry) => entry.id)).size).toBe(4);
  });

  it('marks the model utterance cut short by a barge-in as interrupted', () => {
    const transcript = replay([
      event({ partial: true, outputTranscription: { text: 'The forecast for' } }),
      event({ interrupted: true }),
    ]);
    expect(lines(transcript)).toEqual([
      { speaker: 'model', text: 'The forecast for', final: true, interrupted: true },
    ]);
  });

  it('closes an utterance with an empty finished piece, keeping its text', () => {
    const transcript = replay([
      event({ author: 'user', partial: true, inputTranscription: { text: 'Yes' } }),
      event({ author: 'user', inputTranscription: { finished: true } }),
    ]);
    expect(lines(transcript)).toEqual([
      { speaker: 'user', text: 'Yes', final: true, interrupted: false },
    ]);
  });

  it('returns the same transcript for events that say nothing about speech', () => {
    const before = replay([event({ partial: true, outputTranscription: { text: 'Hi' } })]);
    expect(applyTranscription(before, event({ content: { parts: [{ text: 'x' }] } }))).toBe(before);
    expect(applyTranscription(before, event({ inputTranscription: { text: '' } }))).toBe(before);
  });
});

describe('isTranscriptionOnly', () => {
  it('is true for a bare transcription and false once the event carries anything else', () => {
    expect(isTranscriptionOnly(event({ inputTranscription: { text: 'Hi' } }))).toBe(true);
    expect(isTranscriptionOnly(event({ outputTranscription: { text: 'Yo' }, partial: true }))).toBe(
      true,
    );
    expect(
      isTranscriptionOnly(
        event({ outputTranscription: { text: 'Yo' }, content: { parts: [{ text: 'Yo' }] } }),
      ),
    ).toBe(false);
    expect(
      isTranscriptionOnly(event({ outputTranscription: { text: 'Yo' }, turnComplete: true })),
    ).toBe(false);
    expect(isTranscriptionOnly(event({ content: { parts: [{ text: 'x' }] } }))).toBe(false);
  });
});
