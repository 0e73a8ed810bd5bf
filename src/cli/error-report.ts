/**
 * The text `adk run` prints on stderr for a failed turn: `Error: <message>`
 * on one line (a failing tool's error reads
 * `Error: Tool "get_weather" failed: database unreachable: 17`). With
 * `verbose`, the error's stack follows, then each cause's stack (or its
 * value) after `Caused by: `, innermost last. Ends with a newline.
 */
export function errorReport(error: unknown, verbose: boolean): string {
  const lines = [`Error: ${messageOf(error)}`];
  if (verbose) {
    const seen = new Set<unknown>();
    let current: unknown = error;
    let prefix = '';
    // A cause chain can loop back on itself; each error is printed once.
    while (current !== undefined && !seen.has(current)) {
      seen.add(current);
      lines.push(`${prefix}${stackOf(current)}`);
      prefix = 'Caused by: ';
      current = current instanceof Error ? current.cause : undefined;
    }
  }
  return `${lines.join('\n')}\n`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function stackOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.stack ?? `${error.name}: ${error.message}`;
}
