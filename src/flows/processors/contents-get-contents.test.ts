import { describe, expect, it } from 'vitest';
import { getContents } from './contents.js';
import { user, model, event, call, response } from './contents-test-fixtures.js';

describe('getContents: transcriptions (spec 000 §4.1 step 4)', () => {
  it('joins consecutive input transcriptions into one user content', () => {
    const events = [
      event('inv1', 'user', undefined, { inputTranscription: { text: 'Hello ' } }),
      event('inv1', 'user', undefined, { inputTranscription: { text: 'there' } }),
      event('inv1', 'test_agent', undefined, { outputTranscription: { text: 'Hi, ' } }),
      event('inv1', 'test_agent', undefined, { outputTranscription: { text: 'how can I help?' } }),
      event('inv2', 'user', undefined, { inputTranscription: { text: 'Bye' } }),
    ];
    expect(getContents(undefined, events, 'test_agent')).toEqual([
      user('Hello there'),
      model('Hi, how can I help?'),
      user('Bye'),
    ]);
  });

  it("presents another agent's output transcription as context", () => {
    const events = [
      event('inv1', 'other_agent', undefined, { outputTranscription: { text: 'Spoken words' } }),
    ];
    expect(getContents(undefined, events, 'test_agent')).toEqual([
      {
        role: 'user',
        parts: [{ text: 'For context:' }, { text: '[other_agent] said: Spoken words' }],
      },
    ]);
  });

  it('drops transcription events whose text is empty', () => {
    const events = [
      event('inv1', 'user', undefined, { inputTranscription: { text: '' } }),
      event('inv1', 'user', user('Typed')),
    ];
    expect(getContents(undefined, events, 'test_agent')).toEqual([user('Typed')]);
  });
});

describe('getContents: copies (spec 000 §4.1 step 7)', () => {
  it('returns frozen contents that share nothing with the session events', () => {
    const events = [
      event('inv1', 'user', user('Question')),
      event('inv1', 'test_agent', model([call('adk-1', 'tool', { nested: { list: [1] } })])),
      event('inv1', 'test_agent', {
        role: 'user',
        parts: [response('adk-1', 'tool', { ok: true })],
      }),
    ];
    const before = structuredClone(events);
    const contents = getContents(undefined, events, 'test_agent');
    expect(() => {
      contents[0]!.parts![0]!.text = 'changed';
    }).toThrow(TypeError);
    expect(() =>
      (contents[1]!.parts![0]!.functionCall!.args!['nested'] as { list: number[] }).list.push(2),
    ).toThrow(TypeError);
    expect(() => contents[2]!.parts!.push({ text: 'extra' })).toThrow(TypeError);
    expect(events).toEqual(before);
    // The next request reuses the same copies: no history copy per model call.
    const again = getContents(undefined, events, 'test_agent');
    expect(again[1]).toBe(contents[1]);
  });
});
