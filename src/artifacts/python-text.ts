// Two bits of Python string behaviour that artifact validation reproduces, so
// error messages and normalised ids match the Python ADK's exactly.

// Characters for which Python's `str.isspace()` is true: what `str.strip()`
// removes. Unlike JavaScript's `trim`, it strips \x1c-\x1f and \x85 and keeps
// U+FEFF.
const PY_SPACE =
  '[\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const LEADING_SPACE = new RegExp(`^${PY_SPACE}+`);
const TRAILING_SPACE = new RegExp(`${PY_SPACE}+$`);

/** Python's `text.strip()`. */
export function pythonStrip(text: string): string {
  return text.replace(LEADING_SPACE, '').replace(TRAILING_SPACE, '');
}

/**
 * Python's `repr(text)` of a string, as `{value!r}` renders it in a message:
 * quoted with `'` unless the text holds a `'` and no `"`, with backslashes,
 * the chosen quote and non-printable characters escaped.
 */
export function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = '';
  for (const char of text) {
    if (char === '\\' || char === quote) body += `\\${char}`;
    else if (char === '\n') body += '\\n';
    else if (char === '\r') body += '\\r';
    else if (char === '\t') body += '\\t';
    else if (NON_PRINTABLE.test(char)) body += escapeCodePoint(char.codePointAt(0) ?? 0);
    else body += char;
  }
  return `${quote}${body}${quote}`;
}

/**
 * Python's `text.casefold()`, as far as it can turn text into ASCII: `ß`, `ẞ`
 * and `ſ` fold to `ss`, `ss` and `s`, and the Latin ligatures U+FB00–U+FB06 to
 * their letters; everything else folds as `toLowerCase` lowers it, one
 * character at a time (so the dotless `ı` stays `ı`, as in Python).
 */
export function pythonCasefold(text: string): string {
  let folded = '';
  for (const char of text) folded += CASEFOLD_EXPANSIONS.get(char) ?? char.toLowerCase();
  return folded;
}

const CASEFOLD_EXPANSIONS = new Map([
  ['ß', 'ss'],
  ['ẞ', 'ss'],
  ['ſ', 's'],
  ['ﬀ', 'ff'],
  ['ﬁ', 'fi'],
  ['ﬂ', 'fl'],
  ['ﬃ', 'ffi'],
  ['ﬄ', 'ffl'],
  ['ﬅ', 'st'],
  ['ﬆ', 'st'],
]);

// Python's `str.isprintable()` is false for the categories Cc, Cf, Cs, Co,
// Cn, Zl, Zp and for every space separator other than ' '.
const NON_PRINTABLE = /^(?:[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]|[^\P{Zs} ])$/u;

function escapeCodePoint(codePoint: number): string {
  if (codePoint <= 0xff) return `\\x${codePoint.toString(16).padStart(2, '0')}`;
  if (codePoint <= 0xffff) return `\\u${codePoint.toString(16).padStart(4, '0')}`;
  return `\\U${codePoint.toString(16).padStart(8, '0')}`;
}
