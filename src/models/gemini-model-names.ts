/**
 * Model-name checks the Gemini built-in tools use to decide what a model
 * supports (Python `utils/model_name_utils.py`, same patterns).
 */

const PATH_PATTERNS = [
  /^projects\/[^/]+\/locations\/[^/]+\/publishers\/[^/]+\/models\/(.+)$/,
  /^apigee\/(?:[^/]+\/)?(?:[^/]+\/)?(.+)$/,
];

// PEP 440's version pattern (Python `packaging.version.VERSION_PATTERN`):
// Python parses the version part of a Gemini name with `packaging.Version`,
// so exactly the names it accepts count as versions here.
const PEP440_VERSION = new RegExp(
  '^\\s*v?(?:(?:[0-9]+!)?([0-9]+(?:\\.[0-9]+)*)' +
    '(?:[-_.]?(?:alpha|a|beta|b|preview|pre|c|rc)[-_.]?(?:[0-9]+)?)?' +
    '(?:-[0-9]+|[-_.]?(?:post|rev|r)[-_.]?(?:[0-9]+)?)?' +
    '(?:[-_.]?dev[-_.]?(?:[0-9]+)?)?)' +
    '(?:\\+[a-z0-9]+(?:[-_.][a-z0-9]+)*)?\\s*$',
  'i',
);

const EAP_MODEL = /^gemini-[a-z0-9_]+(?:-[a-z0-9_]+)*-early-exp\d*$/;

/** The environment variable that turns off Gemini model-id checks (`true` or `1`). */
export const DISABLE_GEMINI_MODEL_ID_CHECK_ENV_VAR = 'ADK_DISABLE_GEMINI_MODEL_ID_CHECK';

/**
 * The bare model name of a simple (`gemini-2.5-pro`), path-based
 * (`projects/…/models/gemini-2.5-flash`, `apigee/…`, `models/…`) or
 * provider-prefixed (`gemini/gemini-2.5-flash`) model string.
 */
export function extractModelName(model: string): string {
  for (const pattern of PATH_PATTERNS) {
    const match = pattern.exec(model);
    if (match?.[1] !== undefined) return match[1];
  }
  if (model.startsWith('models/')) return model.slice('models/'.length);
  // A malformed Vertex path stays as it is, so the provider-prefix rule below
  // does not read it as a Gemini id.
  if (model.startsWith('projects/')) return model;
  if (model.includes('/')) {
    const last = model.slice(model.lastIndexOf('/') + 1);
    if (last.startsWith('gemini-')) return last;
  }
  return model;
}

/** True for any Gemini model name (`gemini-…`, in any of the accepted forms). */
export function isGeminiModel(model: string | undefined): boolean {
  if (!model) return false;
  return extractModelName(model).startsWith('gemini-');
}

/** True for Gemini 1.x model names (`gemini-1.<n>…`). */
export function isGemini1Model(model: string | undefined): boolean {
  if (!model) return false;
  return /^gemini-1\.\d+/.test(extractModelName(model));
}

/**
 * True for Gemini models of major version 2 or above: the part after
 * `gemini-` up to the next `-` must be a version (`2.5`, `3`), so names such
 * as `gemini-flash-latest` do not count.
 */
export function isGemini2OrAbove(model: string | undefined): boolean {
  if (!model) return false;
  const name = extractModelName(model);
  if (!name.startsWith('gemini-')) return false;
  const version = name.slice('gemini-'.length).split('-', 1)[0] ?? '';
  const match = PEP440_VERSION.exec(version);
  const release = match?.[1];
  if (release === undefined) return false;
  return Number.parseInt(release.split('.')[0] ?? '', 10) >= 2;
}

/** True for Early Access Program names such as `gemini-flash-early-exp` or `gemini-pro-early-exp3`. */
export function isGeminiEapModel(model: string | undefined): boolean {
  if (!model) return false;
  return EAP_MODEL.test(extractModelName(model));
}

/**
 * True when `ADK_DISABLE_GEMINI_MODEL_ID_CHECK` is `true` or `1` (any case):
 * built-in tools then accept model ids that do not follow the public
 * `gemini-*` naming. Read on every call, as Python does.
 */
export function isGeminiModelIdCheckDisabled(): boolean {
  const value = process.env[DISABLE_GEMINI_MODEL_ID_CHECK_ENV_VAR] ?? '0';
  return ['true', '1'].includes(value.toLowerCase());
}
