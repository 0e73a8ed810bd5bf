import { describe, expect, it } from 'vitest';
import {
  getValueByJsonPath,
  MAX_JSON_PATH_ARRAY_INDEX,
  parseJsonPath,
  setValueByJsonPath,
} from './json-path.js';

describe('parseJsonPath (spec 004 StreamingResponseAggregator: partial args by JSON path)', () => {
  it('drops the root and splits dotted names and indices', () => {
    expect(parseJsonPath('$.location.latitude')).toEqual(['location', 'latitude']);
    expect(parseJsonPath('$.items[2].name')).toEqual(['items', 2, 'name']);
    expect(parseJsonPath('$[0]')).toEqual([0]);
    expect(parseJsonPath('plain')).toEqual(['plain']);
    expect(parseJsonPath('$')).toEqual([]);
  });

  it('reads quoted keys with their escapes, as Python does', () => {
    expect(parseJsonPath("$['odd key']")).toEqual(['odd key']);
    expect(parseJsonPath('$["a.b"]')).toEqual(['a.b']);
    expect(parseJsonPath("$['it\\'s']")).toEqual(["it's"]);
    expect(parseJsonPath("$['line\\nbreak']")).toEqual(['line\nbreak']);
    expect(parseJsonPath("$['\\u00e9t\\u00e9']")).toEqual(['été']);
    expect(parseJsonPath("$['']")).toEqual(['']);
    expect(parseJsonPath('$[ 3 ]')).toEqual([3]);
  });

  it('skips what matches no token, as re.finditer does', () => {
    expect(parseJsonPath('$.a[x]')).toEqual(['a', 'x']);
  });
});

describe('getValueByJsonPath / setValueByJsonPath (spec 004 StreamingResponseAggregator)', () => {
  it('creates objects and arrays on the way, padding arrays with null', () => {
    const target: Record<string, unknown> = {};
    setValueByJsonPath(target, parseJsonPath('$.a.b'), 1);
    setValueByJsonPath(target, parseJsonPath('$.list[2].name'), 'x');
    setValueByJsonPath(target, parseJsonPath('$.grid[1][0]'), true);
    expect(target).toEqual({
      a: { b: 1 },
      list: [null, null, { name: 'x' }],
      grid: [null, [true]],
    });
    expect(getValueByJsonPath(target, ['list', 2, 'name'])).toEqual(['x', true]);
    expect(getValueByJsonPath(target, ['list', 5])).toEqual([undefined, false]);
    expect(getValueByJsonPath(target, ['a', 'missing'])).toEqual([undefined, false]);
  });

  it('writes nothing through a value of the wrong kind or past the index limit', () => {
    const target: Record<string, unknown> = { s: 'text', list: [] };
    setValueByJsonPath(target, ['s', 'inner'], 1);
    setValueByJsonPath(target, ['s', 0], 1);
    setValueByJsonPath(target, ['list', 'key'], 1);
    setValueByJsonPath(target, ['list', MAX_JSON_PATH_ARRAY_INDEX + 1], 1);
    setValueByJsonPath(target, [], 1);
    expect(target).toEqual({ s: 'text', list: [] });
  });

  it('keeps __proto__ as a plain key, never touching prototypes', () => {
    const target: Record<string, unknown> = {};
    setValueByJsonPath(target, parseJsonPath('$.__proto__.polluted'), true);
    expect(Object.hasOwn(target, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(getValueByJsonPath(target, ['__proto__', 'polluted'])).toEqual([true, true]);
    expect(getValueByJsonPath({}, ['constructor'])).toEqual([undefined, false]);
  });
});
