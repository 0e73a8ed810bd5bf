import { porterStem } from './porter-stemmer.js';

/** Precision, recall and F-measure of a ROUGE comparison, each in [0, 1]. */
export interface RougeScore {
  readonly precision: number;
  readonly recall: number;
  readonly fmeasure: number;
}

/**
 * Tokenizes text as `rouge_score`'s default tokenizer does: lowercase, every
 * run of characters outside `[a-z0-9]` becomes a separator, and, with
 * `useStemmer`, tokens longer than three characters are Porter-stemmed
 * (NLTK's default mode). Empty tokens are dropped.
 */
export function rougeTokenize(text: string, { useStemmer }: { useStemmer: boolean }): string[] {
  const tokens = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(/\s+/)
    .filter((token) => token.length > 0);
  return useStemmer
    ? tokens.map((token) => (token.length > 3 ? porterStem(token) : token))
    : tokens;
}

/**
 * ROUGE-1 of `prediction` against `target`, as `rouge_score`'s
 * `RougeScorer(['rouge1'], use_stemmer=...).score(target, prediction)`:
 * the clipped unigram overlap divided by the prediction's token count
 * (precision) and by the target's (recall), each count at least 1, and the
 * F-measure their harmonic mean (0 when both are 0).
 */
export function rouge1(
  target: string,
  prediction: string,
  { useStemmer }: { useStemmer: boolean },
): RougeScore {
  const targetCounts = countTokens(rougeTokenize(target, { useStemmer }));
  const predictionCounts = countTokens(rougeTokenize(prediction, { useStemmer }));
  let overlap = 0;
  for (const [token, count] of targetCounts) {
    overlap += Math.min(count, predictionCounts.get(token) ?? 0);
  }
  const precision = overlap / Math.max(total(predictionCounts), 1);
  const recall = overlap / Math.max(total(targetCounts), 1);
  const fmeasure = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, fmeasure };
}

/**
 * True when more than half of the letters in `text` are Latin script (true for
 * text without letters). The reference stems only Latin-script text: Porter's
 * rules are English ones.
 */
export function isLatinScript(text: string): boolean {
  let letters = 0;
  let latin = 0;
  for (const character of text) {
    if (!/\p{L}/u.test(character)) continue;
    letters += 1;
    if (/\p{Script=Latin}/u.test(character)) latin += 1;
  }
  return letters === 0 || latin / letters > 0.5;
}

function countTokens(tokens: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

function total(counts: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const count of counts.values()) sum += count;
  return sum;
}
