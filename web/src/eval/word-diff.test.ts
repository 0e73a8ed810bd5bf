import { describe, expect, it } from 'vitest';
import { diffWords, type DiffSegment } from './word-diff';

const joined = (segments: DiffSegment[]): string => segments.map((s) => s.text).join('');

describe('diffWords', () => {
  it('marks nothing when the texts are equal', () => {
    expect(diffWords('It is sunny.', 'It is sunny.')).toEqual({
      expected: [{ kind: 'same', text: 'It is sunny.' }],
      actual: [{ kind: 'same', text: 'It is sunny.' }],
    });
  });

  it('marks a replaced word on both sides', () => {
    const diff = diffWords('You rolled a 4.', 'You rolled a 6.');
    expect(diff.expected).toEqual([
      { kind: 'same', text: 'You rolled a ' },
      { kind: 'removed', text: '4.' },
    ]);
    expect(diff.actual).toEqual([
      { kind: 'same', text: 'You rolled a ' },
      { kind: 'added', text: '6.' },
    ]);
  });

  it('marks inserted and deleted words and gives each side back exactly', () => {
    const expected = 'the quick brown fox jumps';
    const actual = 'the  slow brown fox really jumps\n';
    const diff = diffWords(expected, actual);
    expect(joined(diff.expected)).toBe(expected);
    expect(joined(diff.actual)).toBe(actual);
    expect(diff.expected.filter((s) => s.kind === 'removed').map((s) => s.text.trim())).toEqual([
      'quick',
    ]);
    expect(diff.actual.filter((s) => s.kind === 'added').map((s) => s.text.trim())).toEqual([
      'slow',
      'really',
    ]);
  });

  it('handles an empty side', () => {
    expect(diffWords('', 'hello world')).toEqual({
      expected: [],
      actual: [{ kind: 'added', text: 'hello world' }],
    });
    expect(diffWords('hello', '')).toEqual({
      expected: [{ kind: 'removed', text: 'hello' }],
      actual: [],
    });
  });

  it('compares words exactly (case counts)', () => {
    const diff = diffWords('Hello there', 'hello there');
    expect(diff.expected[0]).toEqual({ kind: 'removed', text: 'Hello ' });
    expect(diff.actual[0]).toEqual({ kind: 'added', text: 'hello ' });
  });
});
