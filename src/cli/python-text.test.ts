import { describe, expect, it } from 'vitest';
import { pythonFloat, textWrap } from './python-text.js';

// Expected values are what CPython 3.12 prints for the same input.
describe('pythonFloat', () => {
  it('prints floats as str(float) does', () => {
    expect(pythonFloat(1)).toBe('1.0');
    expect(pythonFloat(0)).toBe('0.0');
    expect(pythonFloat(0.8)).toBe('0.8');
    expect(pythonFloat(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(pythonFloat(1e-5)).toBe('1e-05');
    expect(pythonFloat(0.0001)).toBe('0.0001');
    expect(pythonFloat(1.5e16)).toBe('1.5e+16');
    expect(pythonFloat(-2.5)).toBe('-2.5');
    expect(pythonFloat(undefined)).toBe('None');
    expect(pythonFloat(null)).toBe('None');
  });
});

describe('textWrap', () => {
  it('wraps as textwrap.wrap does', () => {
    expect(textWrap('The quick brown fox jumps over the lazy dog again and again', 10)).toEqual([
      'The quick',
      'brown fox',
      'jumps over',
      'the lazy',
      'dog again',
      'and again',
    ]);
    expect(textWrap('supercalifragilisticexpialidocious word', 10)).toEqual([
      'supercalif',
      'ragilistic',
      'expialidoc',
      'ious word',
    ]);
    expect(textWrap('a well-known fact   is here', 8)).toEqual([
      'a well-',
      'known',
      'fact',
      'is here',
    ]);
    expect(textWrap('  lead space', 5)).toEqual(['lead', 'space']);
    expect(textWrap('line one\nline two', 40)).toEqual(['line one line two']);
    expect(textWrap('', 5)).toEqual([]);
    expect(textWrap('x'.repeat(30), 25)).toEqual(['x'.repeat(25), 'xxxxx']);
    expect(
      textWrap(
        "id='adk-0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0' args={'sides': 17} name='roll_die' partial_args=None will_continue=None",
        40,
      ),
    ).toEqual([
      "id='adk-0f1e2d3c-4b5a-4968-8776-",
      "a5b4c3d2e1f0' args={'sides': 17}",
      "name='roll_die' partial_args=None",
      'will_continue=None',
    ]);
    expect(textWrap('self-evident long-winded x-y abc--def', 10)).toEqual([
      'self-',
      'evident',
      'long-',
      'winded x-y',
      'abc--def',
    ]);
    expect(textWrap('dfc056507f5a-abc-de', 8)).toEqual(['dfc05650', '7f5a-', 'abc-de']);
  });
});
