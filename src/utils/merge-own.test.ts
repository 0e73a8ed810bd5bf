import { describe, expect, it } from 'vitest';
import { mergeOwn } from './merge-own.js';

const parse = (text: string): Record<string, unknown> =>
  JSON.parse(text) as Record<string, unknown>;

describe('mergeOwn', () => {
  it('merges nested plain objects and replaces everything else', () => {
    const target = { a: { x: 1, y: [1] }, b: 1 };
    expect(mergeOwn(target, { a: { y: [2], z: 3 }, b: { c: 1 }, d: null })).toEqual({
      a: { x: 1, y: [2], z: 3 },
      b: { c: 1 },
      d: null,
    });
  });

  it.each(['__proto__', 'constructor', 'prototype'])('keeps %s as an own data key', (key) => {
    const target = parse(`{"other": {"a": 1}}`);
    const source = parse(`{"${key}": {"polluted": "yes"}, "other": {"${key}": {"polluted": 1}}}`);
    const merged = mergeOwn(target, source);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.keys(merged)).toEqual(['other', key]);
    expect(Object.getOwnPropertyDescriptor(merged, key)?.value).toEqual({ polluted: 'yes' });
    const other = merged['other'] as Record<string, unknown>;
    expect(Object.getPrototypeOf(other)).toBe(Object.prototype);
    expect(Object.keys(other)).toEqual(['a', key]);
  });

  it('merges into an own __proto__ key, never into the prototype', () => {
    const merged = mergeOwn(parse('{"__proto__": {"a": 1}}'), parse('{"__proto__": {"b": 2}}'));
    expect(Object.getOwnPropertyDescriptor(merged, '__proto__')?.value).toEqual({ a: 1, b: 2 });
    expect(({} as Record<string, unknown>)['b']).toBeUndefined();
  });
});
