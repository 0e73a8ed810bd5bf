/** A run of text on one side of a diff: kept on both sides, or only on this one. */
export interface DiffSegment {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** The two sides of a word diff: `expected` marks what is missing from actual, `actual` what it added. */
export interface WordDiff {
  expected: DiffSegment[];
  actual: DiffSegment[];
}

/** Words and the whitespace between them, in order (joined they give the text back). */
function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

function push(segments: DiffSegment[], kind: DiffSegment['kind'], text: string): void {
  const last = segments.at(-1);
  if (last && last.kind === kind) last.text += text;
  else segments.push({ kind, text });
}

/**
 * A word-level diff of `expected` against `actual` (longest common
 * subsequence of words; whitespace follows the word before it). Joining a
 * side's segments gives that text back exactly. Words compare exactly
 * (case and punctuation count), as a reader would check them.
 */
export function diffWords(expected: string, actual: string): WordDiff {
  const a = tokens(expected);
  const b = tokens(actual);
  // lcs[i][j]: the common-subsequence length of a[i..] and b[j..], words only.
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  const isSpace = (token: string): boolean => /^\s+$/.test(token);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      const row = lcs[i]!;
      row[j] =
        a[i] === b[j] && !isSpace(a[i]!)
          ? lcs[i + 1]![j + 1]! + 1
          : Math.max(lcs[i + 1]![j]!, row[j + 1]!);
    }
  }
  const result: WordDiff = { expected: [], actual: [] };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const left = a[i];
    const right = b[j];
    if (left !== undefined && right !== undefined && left === right && !isSpace(left)) {
      push(result.expected, 'same', left);
      push(result.actual, 'same', right);
      i += 1;
      j += 1;
    } else if (left !== undefined && isSpace(left)) {
      // Whitespace takes the kind of the side's previous run.
      push(result.expected, result.expected.at(-1)?.kind ?? 'same', left);
      i += 1;
    } else if (right !== undefined && isSpace(right)) {
      push(result.actual, result.actual.at(-1)?.kind ?? 'same', right);
      j += 1;
    } else if (right === undefined || (left !== undefined && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      push(result.expected, 'removed', left!);
      i += 1;
    } else {
      push(result.actual, 'added', right);
      j += 1;
    }
  }
  return result;
}
