import { isPlainObject } from './is-plain-object.js';

/** Options of `pythonJsonDumps`, named after `json.dumps`'s. */
export interface PythonJsonOptions {
  /** Keys in sorted order (`sort_keys=True`). */
  sortKeys?: boolean;
  /** Pretty-print with this many spaces per level (`indent=n`); items then end lines with `,`. */
  indent?: number;
  /** Escape everything outside printable ASCII as `\uXXXX` (`ensure_ascii=True`, Python's default). */
  ensureAscii?: boolean;
}

/**
 * The text Python's `json.dumps` writes for JSON-like data: `", "` between
 * items and `": "` after keys (or Python's indented layout), floats in
 * Python's notation, undefined fields left out. Prompts and tool arguments
 * the Python ADK renders this way must come out the same here.
 */
export function pythonJsonDumps(value: unknown, options: PythonJsonOptions = {}): string {
  return render(value, options, 0);
}

function render(value: unknown, options: PythonJsonOptions, depth: number): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return renderNumber(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return renderString(value, options);
  let items: string[];
  let open: string;
  let close: string;
  if (Array.isArray(value)) {
    items = value.map((item) => render(item, options, depth + 1));
    [open, close] = ['[', ']'];
  } else if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    if (options.sortKeys) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    items = entries.map(
      ([key, item]) => `${renderString(key, options)}: ${render(item, options, depth + 1)}`,
    );
    [open, close] = ['{', '}'];
  } else {
    return renderString(String(value), options);
  }
  if (options.indent === undefined) return `${open}${items.join(', ')}${close}`;
  if (items.length === 0) return `${open}${close}`;
  const inner = ' '.repeat(options.indent * (depth + 1));
  const outer = ' '.repeat(options.indent * depth);
  return `${open}\n${items.map((item) => inner + item).join(',\n')}\n${outer}${close}`;
}

// Python writes small floats with a two-digit exponent (1e-07), and keeps NaN and Infinity.
function renderNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  if (value !== 0 && Math.abs(value) < 1e-4) {
    return value.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  }
  return String(value);
}

const shortEscapes: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

function renderString(text: string, options: PythonJsonOptions): string {
  if (!options.ensureAscii) return JSON.stringify(text);
  // Python's ensure_ascii: every UTF-16 unit outside printable ASCII becomes \uxxxx.
  let body = '';
  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index);
    const code = text.charCodeAt(index);
    const short = shortEscapes[char];
    if (short !== undefined) body += short;
    else if (code < 0x20 || code > 0x7e) body += `\\u${code.toString(16).padStart(4, '0')}`;
    else body += char;
  }
  return `"${body}"`;
}
