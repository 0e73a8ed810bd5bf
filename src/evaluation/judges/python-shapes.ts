import type { FunctionCall, FunctionResponse } from '../../types/index.js';
import { isPlainObject } from '../../utils/is-plain-object.js';
import { setOwn } from '../../utils/get-own.js';

/**
 * How a value is turned into what pydantic's `model_dump(exclude_none=True)`
 * gives for the genai object it stands for:
 * - `verbatim`: user data (function args, responses, JSON schemas), copied as written;
 * - `map`: an object whose keys are names the user chose (schema properties),
 *   kept as written, with each value converted by `values`;
 * - a model: keys snake_cased, `null`/`undefined` fields dropped, the fields
 *   named in `order` (camelCase) first in that order (pydantic writes fields
 *   in declaration order), then the others as found; each field converted by
 *   its entry in `fields`, or as a nested model when unlisted.
 */
type Shape = 'verbatim' | { readonly map: Shape } | ModelShape;
interface ModelShape {
  readonly order?: readonly string[];
  readonly fields?: Readonly<Record<string, Shape>>;
}

const NESTED: ModelShape = {};

// genai's Schema, fields in the order the Python class declares them.
const SCHEMA: ModelShape = {
  order: [
    'additionalProperties',
    'defs',
    'ref',
    'anyOf',
    'default',
    'description',
    'enum',
    'example',
    'format',
    'items',
    'maxItems',
    'maxLength',
    'maxProperties',
    'maximum',
    'minItems',
    'minLength',
    'minProperties',
    'minimum',
    'nullable',
    'pattern',
    'properties',
    'propertyOrdering',
    'required',
    'title',
    'type',
  ],
  fields: {
    additionalProperties: 'verbatim',
    default: 'verbatim',
    example: 'verbatim',
    enum: 'verbatim',
    required: 'verbatim',
    propertyOrdering: 'verbatim',
  },
};
// Recursive members are filled in once SCHEMA exists.
Object.assign(SCHEMA.fields as Record<string, Shape>, {
  items: SCHEMA,
  anyOf: SCHEMA,
  properties: { map: SCHEMA },
  defs: { map: SCHEMA },
});

const FUNCTION_DECLARATION: ModelShape = {
  order: [
    'behavior',
    'description',
    'name',
    'parameters',
    'parametersJsonSchema',
    'response',
    'responseJsonSchema',
  ],
  fields: {
    parameters: SCHEMA,
    response: SCHEMA,
    parametersJsonSchema: 'verbatim',
    responseJsonSchema: 'verbatim',
  },
};

const TOOL: ModelShape = {
  order: ['functionDeclarations', 'retrieval', 'googleSearchRetrieval', 'codeExecution'],
  fields: { functionDeclarations: FUNCTION_DECLARATION },
};

const FUNCTION_CALL: ModelShape = {
  order: ['id', 'args', 'name', 'partialArgs', 'willContinue'],
  fields: { args: 'verbatim' },
};

const FUNCTION_RESPONSE: ModelShape = {
  order: ['willContinue', 'scheduling', 'parts', 'id', 'name', 'response'],
  fields: { response: 'verbatim' },
};

/** `function_call` → `functionCall`; camelCase keys are left alone. */
function toCamelCase(key: string): string {
  return key.replace(/(?<=[A-Za-z0-9])_([a-z0-9])/g, (_match, c: string) => c.toUpperCase());
}

/** `functionCall` → `function_call`: Python's field name for a camelCase key. */
function toSnakeCase(key: string): string {
  return key.replace(/(?<=[a-z0-9])[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function convert(value: unknown, shape: Shape): unknown {
  if (Array.isArray(value)) return value.map((item) => convert(item, shape));
  if (shape === 'verbatim') return structuredClone(value);
  if (!isPlainObject(value)) return value;
  if ('map' in shape) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== null && item !== undefined) setOwn(out, key, convert(item, shape.map));
    }
    return out;
  }
  // Keys are looked up camelCased, so a declaration read from a Python file
  // (snake_case, kept as written) is shaped like one built here.
  const order = shape.order ?? [];
  const entries = Object.entries(value).map(([key, item]) => [toCamelCase(key), item] as const);
  const rank = (key: string): number => {
    const index = order.indexOf(key);
    return index === -1 ? order.length : index;
  };
  const sorted = entries
    .map((entry, position) => ({ entry, position }))
    .sort((a, b) => rank(a.entry[0]) - rank(b.entry[0]) || a.position - b.position);
  const out: Record<string, unknown> = {};
  for (const {
    entry: [key, item],
  } of sorted) {
    if (item === null || item === undefined) continue;
    setOwn(out, toSnakeCase(key), convert(item, shape.fields?.[key] ?? NESTED));
  }
  return out;
}

/** A FunctionCall as pydantic dumps it: `id`, `args`, `name`, without `None`s. */
export function functionCallToPython(call: FunctionCall): Record<string, unknown> {
  return convert(call, FUNCTION_CALL) as Record<string, unknown>;
}

/** A FunctionResponse as pydantic dumps it: `id`, `name`, `response`, without `None`s. */
export function functionResponseToPython(response: FunctionResponse): Record<string, unknown> {
  return convert(response, FUNCTION_RESPONSE) as Record<string, unknown>;
}

/**
 * A tool declaration (a genai `Tool`, or a dict read from a file) as pydantic
 * dumps it: snake_case keys in the Python field order, schema property names
 * and JSON schemas as written.
 */
export function toolDeclarationToPython(tool: unknown): unknown {
  return convert(tool, TOOL);
}

/** Any other genai object (e.g. GroundingMetadata) as pydantic dumps it: snake_case keys, no `None`s. */
export function genaiModelToPython(value: unknown): unknown {
  return convert(value, NESTED);
}
