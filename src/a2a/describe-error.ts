/**
 * An error's message followed by its causes' (`fetch failed (connect
 * ECONNREFUSED 127.0.0.1:9)`), so that a network failure names what failed.
 */
export function describeError(error: unknown): string {
  let text = error instanceof Error ? error.message : String(error);
  let cause = error instanceof Error ? error.cause : undefined;
  for (let depth = 0; cause !== undefined && depth < 3; depth++) {
    const causeText = cause instanceof Error ? cause.message : String(cause);
    if (causeText && !text.includes(causeText)) text += ` (${causeText})`;
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return text;
}
