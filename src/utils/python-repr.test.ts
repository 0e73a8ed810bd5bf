import { describe, expect, it } from 'vitest';
import { pythonRepr, pythonStr } from './python-repr.js';

describe('pythonRepr (the text Python ADK writes for tool args and results)', () => {
  it('renders None, booleans and ints as Python does', () => {
    expect(pythonRepr(null)).toBe('None');
    expect(pythonRepr(undefined)).toBe('None');
    expect(pythonRepr(true)).toBe('True');
    expect(pythonRepr(false)).toBe('False');
    expect(pythonRepr(42)).toBe('42');
    expect(pythonRepr(-7)).toBe('-7');
    expect(pythonRepr(-0)).toBe('0');
    expect(pythonRepr(12345678901234567890n)).toBe('12345678901234567890');
  });

  it("renders floats with repr's shortest digits and exponent rules", () => {
    expect(pythonRepr(1.5)).toBe('1.5');
    expect(pythonRepr(0.1)).toBe('0.1');
    expect(pythonRepr(-2.75)).toBe('-2.75');
    expect(pythonRepr(0.0001)).toBe('0.0001');
    expect(pythonRepr(0.00001)).toBe('1e-05');
    expect(pythonRepr(0.00001234)).toBe('1.234e-05');
    expect(pythonRepr(-2.5e-7)).toBe('-2.5e-07');
    expect(pythonRepr(123456789012345.6)).toBe('123456789012345.6');
    expect(pythonRepr(1.5e21)).toBe('1.5e+21');
    expect(pythonRepr(1e22)).toBe('1e+22');
    expect(pythonRepr(5e-324)).toBe('5e-324');
    expect(pythonRepr(1.7976931348623157e308)).toBe('1.7976931348623157e+308');
    expect(pythonRepr(NaN)).toBe('nan');
    expect(pythonRepr(Infinity)).toBe('inf');
    expect(pythonRepr(-Infinity)).toBe('-inf');
  });

  it("quotes strings with ' unless they hold a ' and no \"", () => {
    expect(pythonRepr('plain')).toBe("'plain'");
    expect(pythonRepr("it's")).toBe(`"it's"`);
    expect(pythonRepr(`both ' and "`)).toBe(`'both \\' and "'`);
    expect(pythonRepr('say "hi"')).toBe(`'say "hi"'`);
    expect(pythonRepr('')).toBe("''");
  });

  it('escapes backslashes, control and non-printable characters like Python', () => {
    expect(pythonRepr('a\\b')).toBe("'a\\\\b'");
    expect(pythonRepr('line\nnext\ttab\rend')).toBe("'line\\nnext\\ttab\\rend'");
    expect(pythonRepr('\x00\x1b\x7f')).toBe("'\\x00\\x1b\\x7f'");
    expect(pythonRepr('\x85\xa0')).toBe("'\\x85\\xa0'");
    expect(pythonRepr('\u200b\u2028')).toBe("'\\u200b\\u2028'");
    expect(pythonRepr('\u{e0001}')).toBe("'\\U000e0001'");
    expect(pythonRepr('\ud800')).toBe("'\\ud800'");
  });

  it('keeps printable non-ASCII text as it is', () => {
    expect(pythonRepr('a² + b² = c² — café 中文 😀')).toBe("'a² + b² = c² — café 中文 😀'");
  });

  it('renders lists and dicts with nested values', () => {
    expect(pythonRepr([])).toBe('[]');
    expect(pythonRepr({})).toBe('{}');
    expect(
      pythonRepr({ query: 'test query', filters: { max: 3, tags: ['a', "b'c"], on: true } }),
    ).toBe(`{'query': 'test query', 'filters': {'max': 3, 'tags': ['a', "b'c"], 'on': True}}`);
    expect(pythonRepr({ result: null })).toBe("{'result': None}");
    expect(pythonRepr([1, [2, [3]], { x: 1.25 }])).toBe("[1, [2, [3]], {'x': 1.25}]");
  });

  it('leaves out keys whose value is undefined, as the wire would', () => {
    expect(pythonRepr({ a: 1, b: undefined })).toBe("{'a': 1}");
  });

  it('renders Maps as dicts, Sets as sets and bytes as bytes', () => {
    expect(
      pythonRepr(
        new Map<unknown, unknown>([
          ['k', 1],
          [2, 'v'],
        ]),
      ),
    ).toBe("{'k': 1, 2: 'v'}");
    expect(pythonRepr(new Set(['a', 'b']))).toBe("{'a', 'b'}");
    expect(pythonRepr(new Set())).toBe('set()');
    expect(pythonRepr(new Uint8Array([0x61, 0x27, 0x00, 0xff, 0x5c]))).toBe(`b"a'\\x00\\xff\\\\"`);
    expect(pythonRepr(new Uint8Array([0x0a, 0x09]))).toBe("b'\\n\\t'");
  });

  it('prints a structure that contains itself as Python does', () => {
    const list: unknown[] = [1];
    list.push(list);
    expect(pythonRepr(list)).toBe('[1, [...]]');
    const dict: Record<string, unknown> = { a: 1 };
    dict['self'] = dict;
    expect(pythonRepr(dict)).toBe("{'a': 1, 'self': {...}}");
    const shared = { x: 1 };
    expect(pythonRepr([shared, shared])).toBe("[{'x': 1}, {'x': 1}]");
  });
});

describe('pythonStr (what an f-string writes)', () => {
  it('writes strings as they are and everything else as repr', () => {
    expect(pythonStr('tool_name')).toBe('tool_name');
    expect(pythonStr(undefined)).toBe('None');
    expect(pythonStr({ a: 'b' })).toBe("{'a': 'b'}");
  });
});
