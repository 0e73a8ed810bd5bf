import { describe, expect, it } from 'vitest';
import { pythonJsonDumps } from './python-json.js';

describe('pythonJsonDumps (Python json.dumps)', () => {
  it('uses Python separators, keeps non-ASCII and writes floats as Python does', () => {
    expect(pythonJsonDumps({ b: [1, 2.5, 1e-7], a: 'ça', n: null, u: undefined })).toBe(
      '{"b": [1, 2.5, 1e-07], "a": "ça", "n": null}',
    );
  });

  it('sort_keys=True', () => {
    expect(pythonJsonDumps({ b: 1, a: { d: 1, c: 2 } }, { sortKeys: true })).toBe(
      '{"a": {"c": 2, "d": 1}, "b": 1}',
    );
  });

  it('indent=2 with ensure_ascii', () => {
    expect(pythonJsonDumps({ a: [1, {}], é: [] }, { indent: 2, ensureAscii: true })).toBe(
      '{\n  "a": [\n    1,\n    {}\n  ],\n  "\\u00e9": []\n}',
    );
  });
});
