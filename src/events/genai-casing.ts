import type { Schema } from '../types/index.js';
import { VERBATIM, dictRule, modelRule, type CasingRule } from './json-casing.js';

/*
 * The casing tables of the genai types ADK data embeds, each with the field
 * order google-genai's pydantic classes declare (checked against
 * python-genai's types.py at v2.19), so that a dump is written as Python
 * writes it. Where a field holds the user's own data (function arguments and
 * results, JSON schemas, schema property names and values) it is kept as
 * written.
 */

/**
 * genai `Schema`'s fields that `@google/genai` declares, in the order
 * python-genai declares them (alphabetical), which Python's requests and
 * dumps follow.
 */
export const GENAI_SCHEMA_KEY_ORDER = [
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
] as const satisfies readonly (keyof Schema)[];

/** A field of genai's `Schema` listed in `GENAI_SCHEMA_KEY_ORDER`. */
export type GenaiSchemaKey = (typeof GENAI_SCHEMA_KEY_ORDER)[number];

const schemaFields: Record<string, CasingRule> = {
  additionalProperties: VERBATIM,
  default: VERBATIM,
  enum: VERBATIM,
  example: VERBATIM,
  required: VERBATIM,
  propertyOrdering: VERBATIM,
};
/**
 * A genai `Schema`: property names and the values it describes are user
 * data. Python declares `additional_properties`, `defs` and `ref` (which
 * `@google/genai` lacks) before the others.
 */
export const SCHEMA_CASING_RULE = modelRule(schemaFields, {
  order: ['additionalProperties', 'defs', 'ref', ...GENAI_SCHEMA_KEY_ORDER],
});
// The recursive members, once the rule exists.
schemaFields['items'] = SCHEMA_CASING_RULE;
schemaFields['anyOf'] = SCHEMA_CASING_RULE;
schemaFields['properties'] = dictRule(SCHEMA_CASING_RULE);
schemaFields['defs'] = dictRule(SCHEMA_CASING_RULE);

/** A genai `FunctionDeclaration`: its JSON schemas are user data. */
export const FUNCTION_DECLARATION_CASING_RULE = modelRule(
  {
    parameters: SCHEMA_CASING_RULE,
    parametersJsonSchema: VERBATIM,
    response: SCHEMA_CASING_RULE,
    responseJsonSchema: VERBATIM,
  },
  {
    order: [
      'description',
      'name',
      'parameters',
      'parametersJsonSchema',
      'response',
      'responseJsonSchema',
      'behavior',
    ],
  },
);

/** A genai `Tool` (what an agent declares to its model). */
export const TOOL_CASING_RULE = modelRule(
  { functionDeclarations: FUNCTION_DECLARATION_CASING_RULE },
  {
    order: [
      'retrieval',
      'computerUse',
      'fileSearch',
      'googleSearch',
      'googleMaps',
      'codeExecution',
      'enterpriseWebSearch',
      'functionDeclarations',
      'googleSearchRetrieval',
      'parallelAiSearch',
      'urlContext',
      'mcpServers',
      'exaAiSearch',
    ],
  },
);

/** A genai `FunctionCall`: `args` is user data. */
export const FUNCTION_CALL_CASING_RULE = modelRule(
  {
    args: VERBATIM,
    partialArgs: modelRule(
      {},
      {
        order: ['boolValue', 'jsonPath', 'nullValue', 'numberValue', 'stringValue', 'willContinue'],
      },
    ),
  },
  { order: ['id', 'args', 'name', 'partialArgs', 'willContinue'] },
);

/** A genai `FunctionResponse`: `response` is user data. */
export const FUNCTION_RESPONSE_CASING_RULE = modelRule(
  {
    response: VERBATIM,
    parts: modelRule(
      {
        inlineData: modelRule({}, { order: ['mimeType', 'data', 'displayName'] }),
        fileData: modelRule({}, { order: ['fileUri', 'mimeType', 'displayName'] }),
      },
      { order: ['inlineData', 'fileData'] },
    ),
  },
  { order: ['willContinue', 'scheduling', 'parts', 'id', 'name', 'response'] },
);

/** A genai `Part`: call arguments, responses and `partMetadata` are user data. */
export const PART_CASING_RULE = modelRule(
  {
    mediaResolution: modelRule({}, { order: ['level', 'numTokens'] }),
    codeExecutionResult: modelRule({}, { order: ['outcome', 'output', 'id'] }),
    executableCode: modelRule({}, { order: ['code', 'language', 'id'] }),
    fileData: modelRule({}, { order: ['displayName', 'fileUri', 'mimeType'] }),
    functionCall: FUNCTION_CALL_CASING_RULE,
    functionResponse: FUNCTION_RESPONSE_CASING_RULE,
    inlineData: modelRule({}, { order: ['data', 'displayName', 'mimeType'] }),
    videoMetadata: modelRule({}, { order: ['endOffset', 'fps', 'startOffset'] }),
    toolCall: modelRule({ args: VERBATIM }, { order: ['id', 'toolType', 'args'] }),
    toolResponse: modelRule({ response: VERBATIM }, { order: ['id', 'toolType', 'response'] }),
    partMetadata: VERBATIM,
    audioTranscription: modelRule(
      {},
      { order: ['text', 'finished', 'languageCode', 'speakerLabel', 'words'] },
    ),
  },
  {
    order: [
      'mediaResolution',
      'codeExecutionResult',
      'executableCode',
      'fileData',
      'functionCall',
      'functionResponse',
      'inlineData',
      'text',
      'thought',
      'thoughtSignature',
      'videoMetadata',
      'toolCall',
      'toolResponse',
      'partMetadata',
      'audioTranscription',
    ],
  },
);

/** A genai `Content`: `parts`, then `role`, as Python declares them. */
export const CONTENT_CASING_RULE = modelRule(
  { parts: PART_CASING_RULE },
  { order: ['parts', 'role'] },
);
