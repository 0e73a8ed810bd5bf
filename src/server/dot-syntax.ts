/** `text` as a Graphviz DOT quoted id: backslashes, quotes and newlines escaped. */
export function dotQuote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/** A DOT attribute list, `[key="value" …]`, each value quoted with `dotQuote`. */
export function dotAttributes(values: Record<string, string>): string {
  return `[${Object.entries(values)
    .map(([key, value]) => `${key}=${dotQuote(value)}`)
    .join(' ')}]`;
}
