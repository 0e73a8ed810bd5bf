import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { hasOwn } from '../../utils/get-own.js';

/** A value a judge prompt field can take; `null`/`undefined` render as Python's `None`. */
export type PromptFieldValue = string | number | boolean | null | undefined;

/**
 * Python's `str(value)` for the values judge prompts are filled with:
 * `None`, `True`/`False`, numbers and strings as Python prints them.
 */
export function pythonStr(value: PromptFieldValue): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
}

/**
 * Fills a Python `str.format` template with named fields, as adk-python
 * renders its judge prompts: `{name}` is replaced by `pythonStr` of the
 * field, `{{` and `}}` are literal braces. A field the template names but
 * `fields` lacks throws `InvalidArgumentError` (Python's `KeyError`).
 */
export function formatPythonTemplate(
  template: string,
  fields: Readonly<Record<string, PromptFieldValue>>,
): string {
  return template.replace(/\{\{|\}\}|\{([^{}]*)\}/g, (match, name: string | undefined) => {
    if (match === '{{') return '{';
    if (match === '}}') return '}';
    const key = name ?? '';
    if (!hasOwn(fields, key)) {
      throw new InvalidArgumentError({
        message: `The prompt template names the field {${key}}, which was not given.`,
        argument: 'fields',
      });
    }
    return pythonStr(fields[key]);
  });
}
