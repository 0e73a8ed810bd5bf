/**
 * `json.dumps(value, ensure_ascii=False)` as Python writes it: `", "`
 * between items, `": "` after keys, non-ASCII characters kept. The final
 * structured answer of `set_model_response` is written this way, and
 * clients comparing it with Python's must get the same text.
 */
export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN';
    if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
    return JSON.stringify(value);
  }
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => pythonJsonDumps(item)).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, field]) => field !== undefined,
    );
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}: ${pythonJsonDumps(field)}`).join(', ')}}`;
  }
  return JSON.stringify(String(value));
}
