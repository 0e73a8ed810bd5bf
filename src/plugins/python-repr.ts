import { isPlainObject } from '../utils/is-plain-object.js';

/**
 * Renders a JSON-like value as Python's `repr` would render the same value
 * (`None`, `True`, `'text'`, `['a', 'b']`, `{'k': 1}`), so that log lines
 * built from it read exactly like the Python ADK's. Recursive structures
 * print as `[...]` / `{...}`, as in Python; other objects print with
 * `String(value)`.
 */
export function pythonRepr(value: unknown): string {
  return render(value, new Set());
}

/**
 * Python's `str(value)`: strings as they are, everything else as `repr`.
 */
export function pythonStr(value: unknown): string {
  return typeof value === 'string' ? value : pythonRepr(value);
}

/**
 * The first `maxLength` characters of `text`, counting code points as
 * Python's `len` and slicing do, and whether anything was cut.
 */
export function truncateCodePoints(
  text: string,
  maxLength: number,
): { text: string; truncated: boolean } {
  const codePoints = Array.from(text);
  if (codePoints.length <= maxLength) return { text, truncated: false };
  return { text: codePoints.slice(0, maxLength).join(''), truncated: true };
}

function render(value: unknown, seen: Set<object>): string {
  if (value === undefined || value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return renderNumber(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return renderString(value);
  if (Array.isArray(value)) {
    if (seen.has(value)) return '[...]';
    seen.add(value);
    const items = value.map((item) => render(item, seen));
    seen.delete(value);
    return `[${items.join(', ')}]`;
  }
  if (isPlainObject(value)) {
    if (seen.has(value)) return '{...}';
    seen.add(value);
    const entries = Object.entries(value).map(
      ([key, item]) => `${renderString(key)}: ${render(item, seen)}`,
    );
    seen.delete(value);
    return `{${entries.join(', ')}}`;
  }
  return String(value);
}

function renderNumber(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  return String(value);
}

// Python quotes with ' unless the text holds a ' and no ", and escapes
// backslashes, the chosen quote and non-printable characters.
function renderString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = '';
  for (const char of text) {
    if (char === '\\' || char === quote) body += `\\${char}`;
    else if (char === '\n') body += '\\n';
    else if (char === '\r') body += '\\r';
    else if (char === '\t') body += '\\t';
    else if (isNonPrintable(char)) body += escapeCodePoint(char.codePointAt(0) ?? 0);
    else body += char;
  }
  return `${quote}${body}${quote}`;
}

function isNonPrintable(char: string): boolean {
  return /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]|[^\P{Zs} ]/u.test(char);
}

function escapeCodePoint(codePoint: number): string {
  if (codePoint <= 0xff) return `\\x${codePoint.toString(16).padStart(2, '0')}`;
  if (codePoint <= 0xffff) return `\\u${codePoint.toString(16).padStart(4, '0')}`;
  return `\\U${codePoint.toString(16).padStart(8, '0')}`;
}
