import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { formatPythonTemplate, pythonStr } from './python-format.js';
import { pythonJsonDumps } from '../../utils/python-json.js';
import { pythonStrip } from './python-strip.js';

describe('Python string helpers of the judges', () => {
  it('fills named fields and unescapes doubled braces as str.format does', () => {
    // Python: '{{\n  "a": {a},\n}}'.format(a='x') == '{\n  "a": x,\n}'
    expect(formatPythonTemplate('{{\n  "a": {a},\n}}', { a: 'x' })).toBe('{\n  "a": x,\n}');
    // Python: '{a}{a}'.format(a=None) == 'NoneNone'
    expect(formatPythonTemplate('{a}{a}', { a: null })).toBe('NoneNone');
    // A field value is not re-read as a template.
    expect(formatPythonTemplate('{a}', { a: '{b}' })).toBe('{b}');
  });

  it('refuses a template naming a field that was not given (Python KeyError)', () => {
    expect(() => formatPythonTemplate('{missing}', {})).toThrow(InvalidArgumentError);
  });

  it("prints values as Python's str()", () => {
    expect([pythonStr(undefined), pythonStr(true), pythonStr(false), pythonStr(3)]).toEqual([
      'None',
      'True',
      'False',
      '3',
    ]);
  });

  it('strips a set of characters from both ends as str.strip(chars)', () => {
    // Python: 'valid,'.strip(r'\s,\}') == 'valid'; 'valids}'.strip(...) == 'valid'; 'sure'.strip(...) == 'ure'
    expect(pythonStrip('valid,', '\\s,}')).toBe('valid');
    expect(pythonStrip('valids}', '\\s,}')).toBe('valid');
    expect(pythonStrip('sure', '\\s,}')).toBe('ure');
    expect(pythonStrip(',,,', '\\s,}')).toBe('');
  });

  it("writes JSON as json.dumps(indent=2) (ASCII only) and pydantic's model_dump_json(indent=2)", () => {
    const value = { word: 'dé', emoji: '😀', list: [], nested: { a: [1] } };
    // Python: json.dumps({'word': 'dé', 'emoji': '😀', 'list': [], 'nested': {'a': [1]}}, indent=2)
    expect(pythonJsonDumps(value, { indent: 2, ensureAscii: true })).toBe(
      '{\n  "word": "d\\u00e9",\n  "emoji": "\\ud83d\\ude00",\n  "list": [],\n  "nested": {\n    "a": [\n      1\n    ]\n  }\n}',
    );
    expect(pythonJsonDumps(value, { indent: 2 })).toBe(
      '{\n  "word": "dé",\n  "emoji": "😀",\n  "list": [],\n  "nested": {\n    "a": [\n      1\n    ]\n  }\n}',
    );
  });
});
