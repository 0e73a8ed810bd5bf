/** Pretty-printed JSON in a code block; `label` names it for assistive technology. */
export function JsonView({ value, label }: { value: unknown; label?: string }) {
  return (
    <pre class="json" aria-label={label} tabIndex={label ? 0 : undefined}>
      {formatJson(value)}
    </pre>
  );
}

/** `JSON.stringify` with two-space indentation; `undefined` shows as `null`. */
export function formatJson(value: unknown): string {
  return JSON.stringify(value ?? null, null, 2) ?? 'null';
}

/**
 * Parses a JSON object typed by the user: the object, or an error message
 * saying what is wrong (not JSON, or JSON that is not an object). Blank text is `{}`.
 */
export function parseJsonObject(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Not valid JSON: ${(error as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, error: 'Expected a JSON object, like {"key": "value"}.' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
