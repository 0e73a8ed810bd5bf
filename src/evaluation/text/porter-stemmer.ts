/**
 * The Porter stemmer as NLTK's `PorterStemmer()` computes it in its default
 * mode, `NLTK_EXTENSIONS` (the mode Google's `rouge_score` package uses):
 * Porter's 1980 algorithm with Martin Porter's later changes and NLTK's own
 * (irregular forms, `-ies`/`-ied` on four-letter words, the `y -> i` rule
 * only after a consonant, `alli` handled before `bli`, `fulli` and `logi`).
 *
 * Words are lowercased first, as NLTK does by default; the algorithm only
 * knows the letters a–z (other characters count as consonants, as in NLTK).
 */
export function porterStem(word: string): string {
  const lower = word.toLowerCase();
  const irregular = IRREGULAR_FORMS.get(word);
  if (irregular !== undefined) return irregular;
  // NLTK leaves one- and two-letter words alone.
  if (word.length <= 2) return lower;
  let stem = step1a(lower);
  stem = step1b(stem);
  stem = step1c(stem);
  stem = step2(stem);
  stem = step3(stem);
  stem = step4(stem);
  stem = step5a(stem);
  return step5b(stem);
}

// NLTK's pool of irregular forms: form -> stem (looked up before lowercasing, as NLTK does).
const IRREGULAR_FORMS: ReadonlyMap<string, string> = new Map(
  (
    [
      ['sky', ['sky', 'skies']],
      ['die', ['dying']],
      ['lie', ['lying']],
      ['tie', ['tying']],
      ['news', ['news']],
      ['inning', ['innings', 'inning']],
      ['outing', ['outings', 'outing']],
      ['canning', ['cannings', 'canning']],
      ['howe', ['howe']],
      ['proceed', ['proceed']],
      ['exceed', ['exceed']],
      ['succeed', ['succeed']],
    ] as const
  ).flatMap(([stem, forms]) => forms.map((form) => [form, stem] as const)),
);

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

function isConsonant(word: string, index: number): boolean {
  const letter = word[index]!;
  if (VOWELS.has(letter)) return false;
  if (letter === 'y') return index === 0 ? true : !isConsonant(word, index - 1);
  return true;
}

// m in [C](VC){m}[V]: the number of vowel-to-consonant transitions.
function measure(stem: string): number {
  let count = 0;
  let previousIsVowel = false;
  for (let index = 0; index < stem.length; index += 1) {
    const consonant = isConsonant(stem, index);
    if (consonant && previousIsVowel) count += 1;
    previousIsVowel = !consonant;
  }
  return count;
}

function hasPositiveMeasure(stem: string): boolean {
  return measure(stem) > 0;
}

function containsVowel(stem: string): boolean {
  for (let index = 0; index < stem.length; index += 1) {
    if (!isConsonant(stem, index)) return true;
  }
  return false;
}

// *d: ends with a double consonant.
function endsDoubleConsonant(word: string): boolean {
  return word.length >= 2 && word.at(-1) === word.at(-2) && isConsonant(word, word.length - 1);
}

// *o: ends consonant-vowel-consonant, the last not w, x or y; NLTK adds two-letter vowel-consonant words.
function endsCvc(word: string): boolean {
  const n = word.length;
  if (
    n >= 3 &&
    isConsonant(word, n - 3) &&
    !isConsonant(word, n - 2) &&
    isConsonant(word, n - 1) &&
    !['w', 'x', 'y'].includes(word[n - 1]!)
  ) {
    return true;
  }
  return n === 2 && !isConsonant(word, 0) && isConsonant(word, 1);
}

/** A suffix rule: `suffix` (or `*d`, a double consonant) becomes `replacement` when `condition` holds for the stem. */
interface Rule {
  readonly suffix: string;
  readonly replacement: string;
  readonly condition?: (stem: string) => boolean;
}

// The first rule whose suffix matches decides: it applies when its condition
// holds, and otherwise the word stays as it is (later rules are not tried).
function applyFirstMatchingRule(word: string, rules: readonly Rule[]): string {
  for (const { suffix, replacement, condition } of rules) {
    if (suffix === '*d' && endsDoubleConsonant(word)) {
      const stem = word.slice(0, -2);
      return condition === undefined || condition(stem) ? stem + replacement : word;
    }
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, word.length - suffix.length);
      return condition === undefined || condition(stem) ? stem + replacement : word;
    }
  }
  return word;
}

function step1a(word: string): string {
  if (word.endsWith('ies') && word.length === 4) return word.slice(0, -3) + 'ie';
  return applyFirstMatchingRule(word, [
    { suffix: 'sses', replacement: 'ss' },
    { suffix: 'ies', replacement: 'i' },
    { suffix: 'ss', replacement: 'ss' },
    { suffix: 's', replacement: '' },
  ]);
}

function step1b(word: string): string {
  if (word.endsWith('ied')) return word.slice(0, -3) + (word.length === 4 ? 'ie' : 'i');
  if (word.endsWith('eed')) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? stem + 'ee' : word;
  }
  let stem: string | undefined;
  for (const suffix of ['ed', 'ing']) {
    if (word.endsWith(suffix)) {
      const candidate = word.slice(0, word.length - suffix.length);
      if (containsVowel(candidate)) {
        stem = candidate;
        break;
      }
    }
  }
  if (stem === undefined) return word;
  const last = stem.at(-1) ?? '';
  const stripped = stem;
  return applyFirstMatchingRule(stripped, [
    { suffix: 'at', replacement: 'ate' },
    { suffix: 'bl', replacement: 'ble' },
    { suffix: 'iz', replacement: 'ize' },
    { suffix: '*d', replacement: last, condition: () => !['l', 's', 'z'].includes(last) },
    {
      suffix: '',
      replacement: 'e',
      condition: (candidate) => measure(candidate) === 1 && endsCvc(candidate),
    },
  ]);
}

function step1c(word: string): string {
  return applyFirstMatchingRule(word, [
    {
      suffix: 'y',
      replacement: 'i',
      condition: (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1),
    },
  ]);
}

const STEP2_RULES: readonly Rule[] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['fulli', 'ful'],
].map(([suffix, replacement]) => ({
  suffix: suffix!,
  replacement: replacement!,
  condition: hasPositiveMeasure,
}));

function step2(word: string): string {
  // NLTK applies alli -> al first and runs the result through step 2 again.
  if (word.endsWith('alli') && hasPositiveMeasure(word.slice(0, -4))) {
    return step2(word.slice(0, -4) + 'al');
  }
  return applyFirstMatchingRule(word, [
    ...STEP2_RULES,
    // The `l` of `logi` counts with the stem, so short stems (geo-, theo-) qualify.
    { suffix: 'logi', replacement: 'log', condition: () => hasPositiveMeasure(word.slice(0, -3)) },
  ]);
}

const STEP3_RULES: readonly Rule[] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
].map(([suffix, replacement]) => ({
  suffix: suffix!,
  replacement: replacement!,
  condition: hasPositiveMeasure,
}));

function step3(word: string): string {
  return applyFirstMatchingRule(word, STEP3_RULES);
}

const measureAboveOne = (stem: string): boolean => measure(stem) > 1;

const STEP4_RULES: readonly Rule[] = [
  ...['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent'].map(
    (suffix) => ({ suffix, replacement: '', condition: measureAboveOne }),
  ),
  {
    suffix: 'ion',
    replacement: '',
    condition: (stem: string) => measure(stem) > 1 && ['s', 't'].includes(stem.at(-1) ?? ''),
  },
  ...['ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize'].map((suffix) => ({
    suffix,
    replacement: '',
    condition: measureAboveOne,
  })),
];

function step4(word: string): string {
  return applyFirstMatchingRule(word, STEP4_RULES);
}

// Both e-rules are tried (unlike the other steps): (m>1) E -> ; (m=1 and not *o) E -> .
function step5a(word: string): string {
  if (!word.endsWith('e')) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  if (m > 1) return stem;
  if (m === 1 && !endsCvc(stem)) return stem;
  return word;
}

function step5b(word: string): string {
  return applyFirstMatchingRule(word, [
    { suffix: 'll', replacement: 'l', condition: () => measure(word.slice(0, -1)) > 1 },
  ]);
}
