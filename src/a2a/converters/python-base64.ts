/**
 * `value` read as Python's `base64.b64decode` reads it (characters outside
 * the alphabet skipped, the last group completed by `=` padding), written
 * back as standard base64; `undefined` where Python raises (incorrect padding).
 */
export function normalizePythonBase64(value: string): string | undefined {
  const cleaned = value.replace(/[^A-Za-z0-9+/=]/g, '');
  const body = cleaned.replace(/=/g, '');
  const padding = cleaned.length - body.length;
  const rest = body.length % 4;
  const complete = rest === 0 || (rest === 2 && padding >= 2) || (rest === 3 && padding >= 1);
  if (!complete) return undefined;
  return Buffer.from(body, 'base64').toString('base64');
}
