/**
 * An edge route as Python's `str()` writes it, for edge labels: a string
 * bare, a boolean `True`/`False`, a number as written, a list in brackets
 * with its strings quoted (`['a', 'b']`).
 */
export function routeText(route: unknown): string {
  const scalar = (value: unknown): string =>
    typeof value === 'boolean' ? (value ? 'True' : 'False') : String(value);
  if (Array.isArray(route)) {
    return `[${route.map((item) => (typeof item === 'string' ? `'${item}'` : scalar(item))).join(', ')}]`;
  }
  return typeof route === 'string' ? route : scalar(route);
}
