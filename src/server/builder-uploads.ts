import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';

/** The file types the agent builder reads and writes (adk-python's `_ALLOWED_EXTENSIONS`). */
const ALLOWED_EXTENSIONS: ReadonlySet<string> = new Set(['.yaml', '.yml']);

/** Keys refused anywhere in an uploaded YAML: `args` hands values to code the loader calls. */
const BLOCKED_KEYS: ReadonlySet<string> = new Set(['args']);

/** Agent config fields whose value names code the loader imports and calls (Python's list). */
const CODE_REFERENCE_KEYS: ReadonlySet<string> = new Set([
  'after_agent_callbacks',
  'after_model_callbacks',
  'after_tool_callbacks',
  'agent_class',
  'before_agent_callbacks',
  'before_model_callbacks',
  'before_tool_callbacks',
  'code',
  'input_schema',
  'model_code',
  'output_schema',
  'tools',
]);

/** The namespaces an undotted built-in name also goes by. */
const BUILT_IN_NAMESPACES = ['google.adk.agents.', 'google.adk.tools.'] as const;

function invalid(message: string, argument = 'files'): InvalidArgumentError {
  return new InvalidArgumentError({ message, argument });
}

/** `\` as `/`, leading slashes dropped (Python's `_normalize_relative_path`). */
function normalize(relative: string): string {
  return relative.replace(/\\/g, '/').replace(/^\/+/, '');
}

function checkRelativeYamlPath(relative: string, original: string, what: string): string {
  if (relative === '' || relative.includes('\0')) {
    throw invalid(`Invalid ${what}: ${JSON.stringify(original)}.`);
  }
  if (relative.split('/').some((part) => part === '..')) {
    throw invalid(`Path traversal rejected in ${what}: ${JSON.stringify(original)}.`);
  }
  if (!ALLOWED_EXTENSIONS.has(path.posix.extname(relative).toLowerCase())) {
    throw invalid(
      `File type not allowed: ${JSON.stringify(relative)} (allowed: ${[...ALLOWED_EXTENSIONS].join(', ')}).`,
    );
  }
  return relative;
}

/**
 * The path inside the app folder an uploaded file is written to, from its
 * multipart file name: `\` read as `/`, leading slashes and a leading
 * `<app>/` dropped. Throws `InvalidArgumentError` (400) for an empty name,
 * a `..` segment or a type other than `.yaml` / `.yml`.
 */
export function uploadRelativePath(appName: string, filename: string | undefined): string {
  if (!filename) throw invalid('Upload filename is missing.');
  const normalized = normalize(filename);
  const prefix = `${appName}/`;
  const relative = normalized.startsWith(prefix) ? normalized.slice(prefix.length) : normalized;
  return checkRelativeYamlPath(relative, filename, 'upload filename');
}

/**
 * The `file_path` query of `GET …/builder` as a path inside the app folder,
 * checked as `uploadRelativePath` checks upload names.
 */
export function builderFilePath(filePath: string): string {
  return checkRelativeYamlPath(normalize(filePath), filePath, 'file_path');
}

/** Every string a code-reference field holds: a name, a list of them, or `{name}` entries. */
function codeReferences(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(codeReferences);
  if (value !== null && typeof value === 'object') {
    const name = (value as Record<string, unknown>)['name'];
    return typeof name === 'string' ? [name] : [];
  }
  return [];
}

/** True for `google.adk.agents.X` / `google.adk.tools.X`: one name right under a built-in namespace. */
function isBuiltIn(reference: string): boolean {
  return BUILT_IN_NAMESPACES.some(
    (namespace) =>
      reference.startsWith(namespace) && !reference.slice(namespace.length).includes('.'),
  );
}

function checkCodeReference(
  reference: string,
  appName: string,
  filename: string,
  field: string,
): void {
  // An undotted name is a built-in; a dotted one must stay inside the app.
  if (!reference.includes('.') || isBuiltIn(reference)) return;
  if (!reference.startsWith(`${appName}.`)) {
    throw invalid(
      `Blocked code reference ${JSON.stringify(reference)} in ${JSON.stringify(filename)}: the ` +
        `'${field}' field may only name code under '${appName}.' or an ADK built-in.`,
    );
  }
}

/**
 * Checks one uploaded YAML file (adk-python's `_check_uploaded_yaml`):
 * every document must parse; no mapping anywhere may hold an `args` key;
 * the code-reference fields (`tools`, callbacks, `agent_class`, `code`,
 * `model_code`, schemas) may name only undotted built-ins, a
 * `google.adk.agents.X` / `google.adk.tools.X` built-in, or code under
 * `<app>.`, so a saved config cannot make the loader run another app's code.
 * Throws `InvalidArgumentError` (400) naming the file and the key.
 */
export function checkUploadedYaml(text: string, filename: string, appName: string): void {
  for (const document of parseAllDocuments(text)) {
    const [error] = document.errors;
    if (error) throw invalid(`Invalid YAML in ${JSON.stringify(filename)}: ${error.message}`);
    walk(document.toJS(), filename, appName);
  }
}

function walk(node: unknown, filename: string, appName: string): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, filename, appName);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (BLOCKED_KEYS.has(key)) {
      throw invalid(
        `Blocked key '${key}' in ${JSON.stringify(filename)}: the builder does not accept it, ` +
          'because it can run arbitrary code.',
      );
    }
    if (CODE_REFERENCE_KEYS.has(key)) {
      for (const reference of codeReferences(value)) {
        checkCodeReference(reference, appName, filename, key);
      }
    }
    walk(value, filename, appName);
  }
}
