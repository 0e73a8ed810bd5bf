import { describe, expect, it } from 'vitest';
import { deepClone } from './deep-clone.js';

describe('deepClone (issue 2 §3: copies at the service boundary)', () => {
  it('copies nested plain data so no object is shared', () => {
    const source = { a: [1, { b: 'x' }], c: { d: null, e: undefined, f: true } };
    const copy = deepClone(source);
    expect(copy).toEqual(source);
    expect(copy.a).not.toBe(source.a);
    expect(copy.a[1]).not.toBe(source.a[1]);
    expect(copy.c).not.toBe(source.c);
  });

  it('copies structured values with structuredClone', () => {
    const source = { when: new Date(0), bytes: new Uint8Array([1, 2]), map: new Map([['k', 1]]) };
    const copy = deepClone(source);
    expect(copy.when).toEqual(new Date(0));
    expect(copy.when).not.toBe(source.when);
    expect([...copy.bytes]).toEqual([1, 2]);
    expect(copy.map.get('k')).toBe(1);
  });

  it('keeps a `__proto__` key as data', () => {
    const source = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as Record<
      string,
      unknown
    >;
    const copy = deepClone(source);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('deepClone key selection', () => {
  it("copies exactly the own enumerable string keys, in Object.keys' order", () => {
    const source: Record<string | symbol, unknown> = { b: 1, 2: 'two', a: { c: 2 } };
    Object.defineProperty(source, 'hidden', { value: 3, enumerable: false });
    source[Symbol('s')] = 4;
    const copy = deepClone(source);
    expect(Object.keys(copy)).toEqual(['2', 'b', 'a']);
    expect(Object.getOwnPropertySymbols(copy)).toEqual([]);
    expect(Object.hasOwn(copy, 'hidden')).toBe(false);
    expect(copy['a']).toEqual({ c: 2 });
  });

  it('ignores enumerable properties inherited from Object.prototype', () => {
    const key = 'adkTsDeepCloneProbe';
    Object.defineProperty(Object.prototype, key, {
      value: 'inherited',
      enumerable: true,
      configurable: true,
      writable: true,
    });
    try {
      const copy = deepClone({ a: { b: 1 } });
      expect(Object.hasOwn(copy, key)).toBe(false);
      expect(Object.hasOwn(copy.a, key)).toBe(false);
      expect(copy).toEqual({ a: { b: 1 } });
    } finally {
      delete (Object.prototype as unknown as Record<string, unknown>)[key];
    }
  });
});
