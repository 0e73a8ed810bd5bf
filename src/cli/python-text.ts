/**
 * How Python prints a float (`str(1.0)` is `1.0`, `str(1e-05)` is `1e-05`),
 * so the numbers `adk eval` prints read as adk-python's. `undefined` and
 * `null` print as `None`.
 */
export function pythonFloat(value: number | null | undefined): string {
  if (value === undefined || value === null) return 'None';
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const exponent = Math.floor(Math.log10(Math.abs(value)));
  // repr switches to exponent notation below 1e-4 and from 1e16 up.
  if (exponent < -4 || exponent >= 16) {
    const [mantissa = '', power = '0'] = value.toExponential().split('e');
    const sign = power.startsWith('-') ? '-' : '+';
    const digits = power.replace(/^[+-]/, '').padStart(2, '0');
    return `${mantissa}e${sign}${digits}`;
  }
  const text = String(value);
  if (text.includes('e')) {
    // JS writes 1e+21 and smaller exponents than Python here; spell it out.
    return Number.isInteger(value) ? `${BigInt(value).toString()}.0` : value.toFixed(20);
  }
  return Number.isInteger(value) ? `${text}.0` : text;
}

// Python textwrap's chunks (`TextWrapper.wordsep_re`): runs of whitespace,
// em-dashes between words, and words split after a hyphen that has two
// letters (or letter-hyphen-letter) before it and a letter after it.
const LETTER = '[\\p{L}\\p{M}_]';
const WORD = '[\\p{L}\\p{M}\\p{N}_]';
const WORD_PUNCT = `[\\p{L}\\p{M}\\p{N}_!"'&.,?]`;
const CHUNK = new RegExp(
  [
    '\\s+',
    `(?<=${WORD_PUNCT})-{2,}(?=${WORD})`,
    `\\S+?(?:-(?:(?<=${LETTER}{2}-)|(?<=${LETTER}-${LETTER}-))(?=${LETTER}-?${LETTER})|(?=\\s|$)|(?<=${WORD_PUNCT})(?=-{2,}${WORD}))`,
  ].join('|'),
  'gu',
);

/**
 * Python's `textwrap.wrap(text, width)` with its defaults (tabs expanded,
 * every whitespace character a space, whitespace dropped at line ends, long
 * words broken, breaks after hyphens): the lines of `text` at most `width`
 * wide. An empty or blank text has no lines.
 */
export function textWrap(text: string, width: number): string[] {
  const chunks = (text.replace(/\t/g, '        ').replace(/\s/g, ' ').match(CHUNK) ?? []).slice();
  const lines: string[] = [];
  chunks.reverse();
  while (chunks.length > 0) {
    let line: string[] = [];
    let length = 0;
    // A line never starts with whitespace (drop_whitespace), except the first.
    if (lines.length > 0 && chunks[chunks.length - 1]?.trim() === '') chunks.pop();
    while (chunks.length > 0) {
      const chunk = chunks[chunks.length - 1] ?? '';
      if (length + chunk.length <= width) {
        line.push(chunk);
        length += chunk.length;
        chunks.pop();
      } else {
        break;
      }
    }
    const next = chunks[chunks.length - 1];
    if (next !== undefined && next.length > width) {
      // A word longer than a line is cut to fill what is left of this one.
      const room = width < 1 ? 1 : width - length;
      if (room > 0) {
        // Cut after the last hyphen that fits, when something other than hyphens precedes it.
        const hyphen = next.lastIndexOf('-', room - 1);
        const end = hyphen > 0 && /[^-]/.test(next.slice(0, hyphen)) ? hyphen + 1 : room;
        line.push(next.slice(0, end));
        chunks[chunks.length - 1] = next.slice(end);
        length += end;
      }
    }
    if (line.length > 0 && line[line.length - 1]?.trim() === '') {
      length -= line[line.length - 1]?.length ?? 0;
      line = line.slice(0, -1);
    }
    if (line.length > 0) lines.push(line.join(''));
  }
  return lines;
}
