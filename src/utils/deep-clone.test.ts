import { describe, expect, it } from 'vitest';
import { compileClone, deepClone } from './deep-clone.js';

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

describe('compileClone', () => {
  // Key order, prototypes, -0 and undefined made visible.
  function describeValue(value: unknown): unknown {
    if (typeof value === 'number' && Object.is(value, -0)) return '-0';
    if (typeof value !== 'object' || value === null) return value === undefined ? '<u>' : value;
    if (Array.isArray(value)) return ['array', value.map(describeValue)];
    if (value instanceof Date) return ['date', value.getTime()];
    const prototype = Object.getPrototypeOf(value) as object | null;
    return [
      prototype === Object.prototype ? 'object' : 'other',
      Object.keys(value).map((key) => [
        key,
        describeValue((value as Record<string, unknown>)[key]),
      ]),
    ];
  }

  const samples: Record<string, unknown> = {
    event: {
      id: 'e1',
      author: 'agent',
      content: { role: 'model', parts: [{ functionCall: { name: 'f', args: { a: 1 }, id: 'x' } }] },
      actions: { stateDelta: {}, artifactDelta: {} },
      timestamp: 1.5,
      longRunningToolIds: [],
    },
    'odd keys and values': {
      'with "quotes"': -0,
      'line\u2028separator': undefined,
      2: 'two',
      b: [null, undefined, NaN],
      '\ud800': { f: Math.max },
    },
    'structured values and __proto__ keys': {
      when: new Date(5),
      bytes: new Uint8Array([1, 2]),
      weird: JSON.parse('{"__proto__": {"x": 1}, "y": 2}') as unknown,
    },
    'null prototype': Object.assign(Object.create(null) as object, { a: { b: 1 } }),
    'large array and deep tree': {
      list: Array.from({ length: 100 }, (_, i) => ({ i })),
      deep: JSON.parse(`${'{"d":'.repeat(80)}1${'}'.repeat(80)}`) as unknown,
    },
    'top-level array': [1, [2, [3]], { a: [] }],
  };

  for (const [name, sample] of Object.entries(samples)) {
    it(`copies like deepClone: ${name}`, () => {
      const copier = compileClone(sample);
      expect(copier).toBeTypeOf('function');
      const copy = copier!(sample);
      expect(describeValue(copy)).toEqual(describeValue(deepClone(sample)));
      expect(copy).not.toBe(sample);
    });
  }

  it('serves every value of the same structure, sharing nothing with it', () => {
    const make = (text: string) => ({ content: { role: 'user', parts: [{ text }] }, n: [text] });
    const first = make('a');
    const copier = compileClone(first)!;
    expect(compileClone(make('b'))).toBe(copier);
    const second = make('c');
    const copy = copier(second);
    expect(copy).toEqual(second);
    expect(copy.content).not.toBe(second.content);
    expect(copy.content.parts[0]).not.toBe(second.content.parts[0]);
    expect(copy.n).not.toBe(second.n);
  });

  it('compiles only plain objects and arrays', () => {
    expect(compileClone(1)).toBeUndefined();
    expect(compileClone(null)).toBeUndefined();
    expect(compileClone(new Date(0))).toBeUndefined();
  });
});
