import { describe, expect, it } from 'vitest';
import { summarizeEvent } from './event-summary';

describe('summarizeEvent', () => {
  it('lists text, calls, responses and actions', () => {
    expect(
      summarizeEvent({
        id: 'e',
        invocationId: 'i',
        author: 'a',
        timestamp: 0,
        content: {
          parts: [
            { text: 'Checking\nthe weather' },
            { functionCall: { name: 'get_weather', args: {} } },
            { functionResponse: { name: 'get_weather', response: {} } },
          ],
        },
        actions: {
          stateDelta: { city: 'Paris' },
          artifactDelta: { 'a.txt': 0 },
          transferToAgent: 'helper',
          escalate: true,
        },
        errorCode: 'E',
      }),
    ).toBe(
      'Checking the weather · call get_weather · response get_weather · state: city · ' +
        'artifacts: a.txt · transfer → helper · escalate · error: E',
    );
  });

  it('clips long text and says when an event is empty', () => {
    const long = summarizeEvent({
      id: 'e',
      invocationId: 'i',
      author: 'a',
      timestamp: 0,
      content: { parts: [{ text: 'x'.repeat(200) }] },
    });
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
    expect(summarizeEvent({ id: 'e', invocationId: 'i', author: 'a', timestamp: 0 })).toBe(
      '(empty)',
    );
  });
});

describe('summarizeEvent on live events', () => {
  it('names transcriptions, interruptions and turn ends', () => {
    const base = { id: 'e', invocationId: 'i', author: 'a', timestamp: 0 };
    expect(
      summarizeEvent({ ...base, inputTranscription: { text: 'Hi there', finished: true } }),
    ).toBe('heard: Hi there');
    expect(
      summarizeEvent({ ...base, outputTranscription: { text: 'Hello' }, interrupted: true }),
    ).toBe('said: Hello · interrupted');
    expect(summarizeEvent({ ...base, turnComplete: true })).toBe('turn complete');
  });
  it('names the invocation a rewind event goes back to', () => {
    expect(
      summarizeEvent({
        id: 'e',
        invocationId: 'e-rewind',
        author: 'user',
        timestamp: 0,
        actions: { rewindBeforeInvocationId: 'e-0123456789abcdef', stateDelta: { dish: 'x' } },
      }),
    ).toBe('state: dish · rewind before e-0123456789');
  });
});
