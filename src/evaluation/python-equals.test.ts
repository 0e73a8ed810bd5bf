import { describe, expect, it } from 'vitest';
import { pythonEquals } from './python-equals.js';

describe('pythonEquals', () => {
  it('compares mappings by keys and values, in any order', () => {
    expect(pythonEquals({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(pythonEquals({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(pythonEquals({ a: 1 }, { b: 1 })).toBe(false);
  });

  it('compares lists in order', () => {
    expect(pythonEquals([1, 2], [1, 2])).toBe(true);
    expect(pythonEquals([1, 2], [2, 1])).toBe(false);
    expect(pythonEquals([1], { 0: 1 })).toBe(false);
  });

  it('compares numbers and booleans by value, as True == 1 in Python', () => {
    expect(pythonEquals(true, 1)).toBe(true);
    expect(pythonEquals(false, 0)).toBe(true);
    expect(pythonEquals(1, 1.0)).toBe(true);
    expect(pythonEquals('1', 1)).toBe(false);
    expect(pythonEquals(true, 'true')).toBe(false);
  });

  it('treats null and undefined as None, unequal to an empty mapping', () => {
    expect(pythonEquals(null, undefined)).toBe(true);
    expect(pythonEquals(undefined, {})).toBe(false);
    expect(pythonEquals({}, {})).toBe(true);
  });
});
