import { describe, expect, it } from 'vitest';
import { closestMatch, editDistance } from './closest-match.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and neighbour swaps', () => {
    expect(editDistance('', '')).toBe(0);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('instructions', 'instruction')).toBe(1);
    expect(editDistance('gemni', 'gemini')).toBe(1);
    expect(editDistance('gemnii', 'gemini')).toBe(1);
    expect(editDistance('gtp', 'gpt')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('ca', 'abc')).toBe(3);
  });
});

describe('closestMatch', () => {
  it('picks the nearest candidate within a third of the input, the first on a tie', () => {
    expect(closestMatch('instructions', ['name', 'instruction', 'tools'])).toBe('instruction');
    expect(closestMatch('modle', ['model', 'mode'])).toBe('model');
    expect(closestMatch('ab', ['ax', 'ay'])).toBe('ax');
    expect(closestMatch('colour', ['name', 'description', 'tools'])).toBeUndefined();
    expect(closestMatch('x', [])).toBeUndefined();
  });

  it('takes a bound of its caller; an exact candidate is no suggestion', () => {
    expect(closestMatch('abcdef', ['abxxef'], 1)).toBeUndefined();
    expect(closestMatch('abcdef', ['abxxef'], 2)).toBe('abxxef');
    expect(closestMatch('model', ['modal', 'model'])).toBeUndefined();
  });
});
