/**
 * Python's `str.strip(chars)`: removes from both ends every character found
 * in `chars` (a set of characters, not a pattern: `strip(r"\s,\}")` removes
 * backslashes, `s`, commas and `}`).
 */
export function pythonStrip(text: string, chars: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text.charAt(start))) start++;
  while (end > start && chars.includes(text.charAt(end - 1))) end--;
  return text.slice(start, end);
}
