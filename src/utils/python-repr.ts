/**
 * The text Python's `repr` gives for the Python value that `value` stands
 * for, as the Python ADK writes tool arguments and results into prompts
 * (`{'city': 'Paris', 'days': 3, 'ok': True, 'note': None}`).
 *
 * Each value maps to what Python holds after a JSON round trip
 * (`json.loads(JSON.stringify(value))`): `null`/`undefined` → `None`,
 * booleans → `True`/`False`, integral numbers below 1e21 → `int`, other
 * numbers → `float` (shortest round-trip digits, exponent form below 1e-4
 * and from 1e16, `nan`, `inf`), bigints → `int`, strings → `str`
 * (Python's quote choice and escapes), arrays → `list`, plain objects and
 * Maps → `dict` (keys whose value is `undefined` are left out, as they would
 * be on the wire), Sets → `set`, `Uint8Array` → `bytes`. A structure that
 * contains itself prints `[...]` / `{...}`, as in Python. Other objects print
 * as dicts of their own enumerable properties.
 *
 * One ambiguity cannot be resolved: a JSON float with an integral value
 * (`5.0`) reaches JavaScript as the number 5 and prints as the int `5`.
 */
export function pythonRepr(value: unknown): string {
  return render(value, new Set());
}

/**
 * Python's `str(value)`, which f-strings use: a string as it is, anything
 * else as `pythonRepr`.
 */
export function pythonStr(value: unknown): string {
  return typeof value === 'string' ? value : pythonRepr(value);
}

function render(value: unknown, seen: Set<object>): string {
  switch (typeof value) {
    case 'undefined':
      return 'None';
    case 'boolean':
      return value ? 'True' : 'False';
    case 'number':
      return renderNumber(value);
    case 'bigint':
      return value.toString();
    case 'string':
      return renderString(value);
    case 'symbol':
    case 'function':
      return String(value);
    default:
      break;
  }
  if (value === null) return 'None';
  const object = value as object;
  if (object instanceof Uint8Array) return renderBytes(object);
  if (seen.has(object)) return Array.isArray(object) ? '[...]' : '{...}';
  seen.add(object);
  try {
    if (Array.isArray(object)) {
      return `[${object.map((item: unknown) => render(item, seen)).join(', ')}]`;
    }
    if (object instanceof Set) {
      if (object.size === 0) return 'set()';
      return `{${[...object].map((item: unknown) => render(item, seen)).join(', ')}}`;
    }
    const entries: string[] = [];
    const add = (key: unknown, item: unknown): void => {
      if (item !== undefined) entries.push(`${render(key, seen)}: ${render(item, seen)}`);
    };
    if (object instanceof Map) {
      for (const [key, item] of object) add(key, item);
    } else {
      for (const key of Object.keys(object)) add(key, (object as Record<string, unknown>)[key]);
    }
    return `{${entries.join(', ')}}`;
  } finally {
    seen.delete(object);
  }
}

function renderNumber(value: number): string {
  // JSON writes integral numbers below 1e21 as digits, which Python loads as int.
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return String(value === 0 ? 0 : value);
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  return renderFloat(value);
}

/**
 * Python's `float.__repr__`: the shortest digits that round-trip (which
 * JavaScript's `toExponential()` also gives), in fixed notation when the
 * decimal exponent is in [-4, 16), otherwise as `d.ddde±XX`; a fixed-notation
 * integral value keeps a trailing `.0`.
 */
function renderFloat(value: number): string {
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  const digits = mantissa.replace('-', '').replace('.', '');
  const sign = value < 0 ? '-' : '';
  if (exponent < -4 || exponent >= 16) {
    const significand = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const magnitude = String(Math.abs(exponent)).padStart(2, '0');
    return `${sign}${significand}e${exponent < 0 ? '-' : '+'}${magnitude}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const integerDigits = exponent + 1;
  if (digits.length <= integerDigits) {
    return `${sign}${digits}${'0'.repeat(integerDigits - digits.length)}.0`;
  }
  return `${sign}${digits.slice(0, integerDigits)}.${digits.slice(integerDigits)}`;
}

// Python's str.isprintable() is false for the categories Cc, Cf, Cs, Co, Cn,
// Zl, Zp and Zs, except the ASCII space. The categories come from the engine's
// Unicode tables, so a character newer than the Python's Unicode version
// (3.12: Unicode 15.0) prints as itself here where Python escapes it.
const NON_PRINTABLE = /^[\p{C}\p{Z}]$/u;

/** Text that Python's repr shows as it is between single quotes. */
const PLAIN_ASCII = /^[\x20-\x26\x28-\x5b\x5d-\x7e]*$/;

/**
 * Python's `str.__repr__`: single quotes unless the text holds a `'` and no
 * `"`; backslash, the chosen quote, `\t`, `\n` and `\r` escaped; other
 * non-printable characters as `\xhh`, `\uhhhh` or `\Uhhhhhhhh`.
 */
function renderString(text: string): string {
  // Printable ASCII without a quote or a backslash needs no escape: the usual case.
  if (PLAIN_ASCII.test(text)) return `'${text}'`;
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = '';
  for (const char of text) {
    if (char === quote || char === '\\') body += `\\${char}`;
    else if (char === '\t') body += '\\t';
    else if (char === '\n') body += '\\n';
    else if (char === '\r') body += '\\r';
    else if (char !== ' ' && NON_PRINTABLE.test(char))
      body += escapeCodePoint(char.codePointAt(0)!);
    else body += char;
  }
  return `${quote}${body}${quote}`;
}

function escapeCodePoint(code: number): string {
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\U${code.toString(16).padStart(8, '0')}`;
}

/** Python's `bytes.__repr__`: `b'...'` with the same quote rule, non-ASCII bytes as `\xhh`. */
function renderBytes(bytes: Uint8Array): string {
  let hasSingle = false;
  let hasDouble = false;
  for (const byte of bytes) {
    if (byte === 0x27) hasSingle = true;
    else if (byte === 0x22) hasDouble = true;
  }
  const quote = hasSingle && !hasDouble ? '"' : "'";
  const quoteByte = quote.charCodeAt(0);
  let body = '';
  for (const byte of bytes) {
    if (byte === quoteByte || byte === 0x5c) body += `\\${String.fromCharCode(byte)}`;
    else if (byte === 0x09) body += '\\t';
    else if (byte === 0x0a) body += '\\n';
    else if (byte === 0x0d) body += '\\r';
    else if (byte < 0x20 || byte >= 0x7f) body += `\\x${byte.toString(16).padStart(2, '0')}`;
    else body += String.fromCharCode(byte);
  }
  return `b${quote}${body}${quote}`;
}
