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
