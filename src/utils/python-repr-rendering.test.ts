import { describe, expect, it } from 'vitest';
import { truncateCodePoints } from './truncate-code-points.js';
import { pythonRepr, pythonStr } from './python-repr.js';

describe('pythonRepr', () => {
  it("spec 003 §14: renders values as Python's repr does, for LoggingPlugin lines", () => {
    expect(pythonRepr(undefined)).toBe('None');
    expect(pythonRepr(null)).toBe('None');
    expect(pythonRepr([true, false, 1.5, -2, Number.NaN, -Infinity])).toBe(
      '[True, False, 1.5, -2, nan, -inf]',
    );
    expect(pythonRepr({ a: { b: [] }, 'it"s': 'x' })).toBe(`{'a': {'b': []}, 'it"s': 'x'}`);
  });

  it('spec 003 §14: quotes and escapes strings as Python does', () => {
    expect(pythonRepr('plain')).toBe("'plain'");
    expect(pythonRepr("it's")).toBe(`"it's"`);
    expect(pythonRepr(`it's "quoted"`)).toBe(`'it\\'s "quoted"'`);
    expect(pythonRepr('a\\b\n\t\u0001\u00a0é😀')).toBe("'a\\\\b\\n\\t\\x01\\xa0é😀'");
  });

  it('spec 003 §14: recursive structures print as [...] and {...}', () => {
    const list: unknown[] = [1];
    list.push(list);
    const record: Record<string, unknown> = {};
    record['self'] = record;
    expect(pythonRepr(list)).toBe('[1, [...]]');
    expect(pythonRepr(record)).toBe("{'self': {...}}");
  });

  it("spec 003 §14: pythonStr leaves strings bare; truncation counts code points like Python's len", () => {
    expect(pythonStr('bare')).toBe('bare');
    expect(pythonStr(undefined)).toBe('None');
    expect(truncateCodePoints('😀😀😀', 2)).toEqual({ text: '😀😀', truncated: true });
    expect(truncateCodePoints('ab', 2)).toEqual({ text: 'ab', truncated: false });
  });
});
