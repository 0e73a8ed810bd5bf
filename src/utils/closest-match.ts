/**
 * The number of single-character insertions, deletions, substitutions and
 * swaps of two neighbours that turn `a` into `b` (optimal string alignment
 * distance), counted in UTF-16 code units: `gemnii` is 1 from `gemini`.
 */
export function editDistance(a: string, b: string): number {
  // Three rows of the dynamic-programming table: two back for the swap.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, before[j - 2]! + 1);
      }
      current[j] = best;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

/**
 * The candidate nearest to `input` by `editDistance`, when it is at most
 * `maxDistance` edits away (default: a third of `input`'s length, at least
 * 1), for "did you mean …?" hints; the earliest candidate wins a tie.
 * Undefined when no candidate is that close, or `input` is a candidate.
 */
export function closestMatch(
  input: string,
  candidates: Iterable<string>,
  maxDistance = Math.max(1, Math.floor(input.length / 3)),
): string | undefined {
  let best: string | undefined;
  let bestDistance = maxDistance + 1;
  for (const candidate of candidates) {
    if (candidate === input) return undefined;
    const distance = editDistance(input, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
