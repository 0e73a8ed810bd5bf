import { describe, expect, it } from 'vitest';
import { pythonCasefold, pythonStringRepr, pythonStrip } from './python-text.js';

describe('Python string behaviour used by artifact validation', () => {
  it("str.strip: removes what Python's isspace() matches, not what JavaScript's trim does", () => {
    expect(pythonStrip(' \t\n s1 \r\x0b\x0c')).toBe('s1');
    expect(pythonStrip('\x1cs1\x1f\x85\xa0\u3000')).toBe('s1');
    expect(pythonStrip('\ufeffs1\ufeff')).toBe('\ufeffs1\ufeff');
    expect(pythonStrip('  ')).toBe('');
  });

  it('repr(str): quotes and escapes as Python does', () => {
    expect(pythonStringRepr('../escape')).toBe("'../escape'");
    expect(pythonStringRepr('C:\\absolute')).toBe("'C:\\\\absolute'");
    expect(pythonStringRepr("it's")).toBe(`"it's"`);
    expect(pythonStringRepr(`it's "quoted"`)).toBe(`'it\\'s "quoted"'`);
    expect(pythonStringRepr('a\nb\tc\x7f\u200b')).toBe("'a\\nb\\tc\\x7f\\u200b'");
    expect(pythonStringRepr('résumé')).toBe("'résumé'");
  });

  it('str.casefold: folds ß, ſ and ligatures to ASCII, leaves the dotless i', () => {
    expect(pythonCasefold('SeSSions')).toBe('sessions');
    expect(pythonCasefold('seßions')).toBe('sessions');
    expect(pythonCasefold('uſers')).toBe('users');
    expect(pythonCasefold('artiﬁcts')).toBe('artificts');
    expect(pythonCasefold('sessıons')).toBe('sessıons');
  });
});
