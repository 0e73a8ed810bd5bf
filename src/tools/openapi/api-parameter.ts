import { toSnakeCase } from '../gemini-schema-util.js';

/** Where an operation parameter goes in the HTTP request. */
export type ApiParameterLocation = 'path' | 'query' | 'header' | 'cookie' | 'body' | '';

/**
 * One argument of a REST API tool (Python's `ApiParameter`): the name in the
 * OpenAPI document (`originalName`, `''` for a whole non-object body), where
 * it goes, its JSON schema, and the name the model uses (`pyName`).
 */
export interface ApiParameter {
  /** The name as the OpenAPI document writes it. */
  originalName: string;
  /** Where the value goes: path, query, header, cookie or body. */
  paramLocation: ApiParameterLocation;
  /** The parameter's JSON schema (description filled in from the parameter). */
  paramSchema: Record<string, unknown>;
  /** The parameter's description. */
  description: string;
  /** The argument name in the function declaration. */
  pyName: string;
  /** Whether the model must pass it. */
  required: boolean;
}

// Python's `keyword.kwlist`: Python ADK renames these so they are valid
// Python identifiers; the declarations follow so both SDKs send the same.
const PYTHON_KEYWORDS: ReadonlySet<string> = new Set([
  'False',
  'None',
  'True',
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
]);

/** Python's `rename_python_keywords`: a Python keyword gets the prefix (`if` → `param_if`). */
export function renamePythonKeywords(name: string, prefix = 'param_'): string {
  return PYTHON_KEYWORDS.has(name) ? `${prefix}${name}` : name;
}

/** The fields of `apiParameter` a caller gives; the rest are derived. */
export interface ApiParameterInput {
  originalName: string;
  paramLocation: ApiParameterLocation;
  paramSchema: Record<string, unknown>;
  description?: string;
  required?: boolean;
}

/**
 * Builds an `ApiParameter` as Python's `ApiParameter.model_post_init` does:
 * `pyName` is the snake_case of the original name with Python keywords
 * prefixed, and the description falls back to the schema's.
 */
export function apiParameter(input: ApiParameterInput): ApiParameter {
  const schemaDescription = input.paramSchema['description'];
  return {
    originalName: input.originalName,
    paramLocation: input.paramLocation,
    paramSchema: input.paramSchema,
    description:
      input.description || (typeof schemaDescription === 'string' ? schemaDescription : ''),
    pyName: renamePythonKeywords(toSnakeCase(input.originalName)),
    required: input.required ?? false,
  };
}
