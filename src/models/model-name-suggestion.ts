import { editDistance } from '../utils/closest-match.js';

// A pattern read for people: a literal name (`o1`), a family of names with a
// literal prefix (`gemini-.*`), or anything else (shown as written).
type PatternShape =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'prefix'; readonly text: string }
  | { readonly kind: 'other'; readonly text: string };

// Characters that stand for themselves in a regular expression, and the
// escapes (`\/`, `\.`, `\-`) of characters that would not.
const literalRun = /^(?:[A-Za-z0-9_\-/:@]|\\[./\-_:@])*$/;

function shapeOf(pattern: string | RegExp): PatternShape {
  const source = typeof pattern === 'string' ? pattern : pattern.source;
  const unescape = (text: string): string => text.replace(/\\(.)/g, '$1');
  if (literalRun.test(source)) return { kind: 'literal', text: unescape(source) };
  if (source.endsWith('.*') && literalRun.test(source.slice(0, -2))) {
    return { kind: 'prefix', text: unescape(source.slice(0, -2)) };
  }
  return { kind: 'other', text: source.replace(/\\\//g, '/') };
}

/**
 * The registered patterns as a person reads them: a family of names
 * `gemini-.*` as `gemini-*`, a literal name as itself, any other pattern as
 * written (`\/` shown as `/`).
 */
export function describeModelNamePatterns(patterns: readonly (string | RegExp)[]): string[] {
  return patterns.map((pattern) => {
    const shape = shapeOf(pattern);
    return shape.kind === 'prefix' ? `${shape.text}*` : shape.text;
  });
}

/**
 * The model name a mistyped `model` most likely meant, by the registered
 * `patterns`: a literal name, or a family's prefix followed by the rest of
 * `model` (`gemnii-2.5-flash` → `gemini-2.5-flash`), at most a quarter of
 * the literal part's length (and two) edits away. Among equally near names,
 * the one keeping more of `model`'s letters and digits wins, then the one
 * keeping less of the rest (`openai:gpt-4o` → `openai/gpt-4o`). Patterns of
 * other shapes are not guessed at. Undefined when nothing is that close.
 */
export function suggestModelName(
  model: string,
  patterns: readonly (string | RegExp)[],
): string | undefined {
  let best: Candidate | undefined;
  for (const pattern of patterns) {
    const shape = shapeOf(pattern);
    if (shape.kind === 'other') continue;
    const bound = Math.min(2, Math.floor(shape.text.length / 4));
    if (bound === 0) continue;
    for (const candidate of candidatesOf(shape, model)) {
      if (candidate.distance <= bound && (!best || isBetter(candidate, best))) best = candidate;
    }
  }
  return best?.name;
}

interface Candidate {
  readonly name: string;
  readonly distance: number;
  // How many letters and digits of `model` the name keeps, and how much of it.
  readonly kept: number;
  readonly restLength: number;
}

function candidatesOf(shape: PatternShape, model: string): Candidate[] {
  if (shape.kind === 'literal') {
    return [
      { name: shape.text, distance: editDistance(model, shape.text), kept: 0, restLength: 0 },
    ];
  }
  // The prefix in place of each leading part of the name, the rest kept (never empty).
  return Array.from({ length: model.length }, (_, cut) => {
    const rest = model.slice(cut);
    const name = shape.text + rest;
    return {
      name,
      distance: editDistance(model, name),
      kept: rest.replace(/[^A-Za-z0-9]/g, '').length,
      restLength: rest.length,
    };
  });
}

function isBetter(candidate: Candidate, best: Candidate): boolean {
  if (candidate.distance !== best.distance) return candidate.distance < best.distance;
  if (candidate.kept !== best.kept) return candidate.kept > best.kept;
  return candidate.restLength < best.restLength;
}
