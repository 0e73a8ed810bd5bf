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
