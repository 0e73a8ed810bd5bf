/**
 * Python's `json.dumps(value, indent=indent)`: JSON indented as
 * `JSON.stringify` does, with every non-ASCII character written as a
 * lowercase `\uXXXX` escape (Python's default `ensure_ascii=True`; characters
 * outside the BMP as their surrogate pair). Numbers print as JavaScript
 * prints them, so a float such as `1.0` is written `1` (JSON cannot tell
 * them apart once parsed).
 */
export function pythonJsonDumps(value: unknown, indent = 2): string {
  const text = JSON.stringify(value, null, indent) ?? 'null';
  return text.replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Pydantic's `model_dump_json(indent=2)` of an already Python-shaped value
 * (snake_case keys in field order, no `None`s): two-space indented JSON with
 * non-ASCII characters kept as they are. Numbers print as JavaScript prints
 * them (a float `1.0` is written `1`).
 */
export function pydanticJsonDumps(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? 'null';
}

/**
 * Python's `json.dumps(value)` with its default separators (`", "` and
 * `": "`) on one line, non-ASCII characters escaped as `pythonJsonDumps`
 * does.
 */
export function pythonJsonDumpsCompact(value: unknown): string {
  return writeCompact(value);
}

function writeCompact(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(writeCompact).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{${entries.map(([key, item]) => `${pythonJsonDumps(key)}: ${writeCompact(item)}`).join(', ')}}`;
  }
  return pythonJsonDumps(value ?? null);
}
