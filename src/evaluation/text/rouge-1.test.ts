import { describe, expect, it } from 'vitest';
import { isLatinScript, rouge1, rougeTokenize } from './rouge-1.js';

describe('rougeTokenize', () => {
  it('lowercases, splits on everything outside [a-z0-9] and stems tokens longer than three letters', () => {
    expect(rougeTokenize("It's RAINING, isn't it? 42°C", { useStemmer: true })).toEqual([
      'it',
      's',
      'rain',
      'isn',
      't',
      'it',
      '42',
      'c',
    ]);
    expect(rougeTokenize('Running dogs', { useStemmer: false })).toEqual(['running', 'dogs']);
  });

  it('drops letters outside a-z, as rouge_score does', () => {
    expect(rougeTokenize('café naïve 東京', { useStemmer: false })).toEqual(['caf', 'na', 've']);
  });
});

describe('rouge1', () => {
  it('scores rouge_score README example (precision 0.75, recall 2/3)', () => {
    // rouge_score's README: RougeScorer(['rouge1', 'rougeL'], use_stemmer=True)
    // .score('The quick brown fox jumps over the lazy dog', 'The quick brown dog jumps on the log.')
    // gives rouge1 Score(precision=0.75, recall=0.6666666666666666, fmeasure=0.7058823529411765).
    // By hand: target 9 tokens (jumps -> jump, lazy -> lazi), prediction 8, overlap
    // the×2 quick brown jump dog = 6: P = 6/8, R = 6/9, F = 2PR/(P+R) = 12/17.
    const score = rouge1(
      'The quick brown fox jumps over the lazy dog',
      'The quick brown dog jumps on the log.',
      { useStemmer: true },
    );
    expect(score.precision).toBe(0.75);
    expect(score.recall).toBe(0.6666666666666666);
    expect(score.fmeasure).toBe(0.7058823529411765);
  });

  it('clips repeated tokens to the count in the target', () => {
    // By hand: target [the cat sat on the mat], prediction [the the the cat]:
    // overlap the min(2,3)=2 + cat 1 = 3; P = 3/4, R = 3/6, F = 2·0.75·0.5/1.25 = 0.6.
    const score = rouge1('the cat sat on the mat', 'the the the cat', { useStemmer: true });
    expect(score.precision).toBe(0.75);
    expect(score.recall).toBe(0.5);
    expect(score.fmeasure).toBeCloseTo(0.6, 15);
  });

  it('matches inflections through the stemmer only when stemming', () => {
    // By hand: target [running quickly] -> [run quickli]; prediction [he runs quick] ->
    // [he run quick]; overlap run = 1: P = 1/3, R = 1/2, F = (1/3)/(5/6) = 0.4.
    expect(rouge1('running quickly', 'he runs quick', { useStemmer: true }).fmeasure).toBeCloseTo(
      0.4,
      15,
    );
    expect(rouge1('running quickly', 'he runs quick', { useStemmer: false }).fmeasure).toBe(0);
  });

  it('is 1 for texts equal up to case and punctuation and 0 when either is empty', () => {
    expect(rouge1('Hello, World!', 'hello world', { useStemmer: true }).fmeasure).toBe(1);
    expect(rouge1('', '', { useStemmer: true })).toEqual({ precision: 0, recall: 0, fmeasure: 0 });
    expect(rouge1('hello', '', { useStemmer: true }).fmeasure).toBe(0);
  });
});

describe('isLatinScript', () => {
  it('counts letters only and needs more than half of them Latin', () => {
    expect(isLatinScript('')).toBe(true);
    expect(isLatinScript('123 !?')).toBe(true);
    expect(isLatinScript('Olá, você está bem?')).toBe(true);
    expect(isLatinScript('สวัสดีครับ hi')).toBe(false);
    // Two Latin letters and two Han characters: exactly half is not more than half.
    expect(isLatinScript('ab東京')).toBe(false);
  });
});
