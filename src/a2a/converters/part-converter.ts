import type { Part as A2aPart } from '@a2a-js/sdk';
import {
  convertCasing,
  keepKey,
  writeCamelCase,
  type CasingRule,
} from '../../events/json-casing.js';
import { PART_CASING_RULE } from '../../events/genai-casing.js';
import type { Part } from '../../types/index.js';
import { isPlainObject } from '../../utils/is-plain-object.js';
import { logger } from '../../utils/logger.js';
import { pythonJsonDumps } from '../../utils/python-json.js';
import {
  DATA_PART_END_TAG,
  DATA_PART_START_TAG,
  DATA_PART_TEXT_MIME_TYPE,
  DATA_PART_TYPE_KEY,
  DataPartType,
  THOUGHT_KEY,
  THOUGHT_SIGNATURE_KEY,
  VIDEO_METADATA_KEY,
} from './metadata-keys.js';
import { normalizePythonBase64 } from './python-base64.js';
import { vertexAiSelected } from './vertex-ai-selected.js';

/** Turns one A2A part into an ADK part; `undefined` when it has nothing ADK can hold. */
export type A2aPartToGenaiPartConverter = (part: A2aPart) => Part | Part[] | undefined;
/** Turns one ADK part into an A2A part; `undefined` when it has nothing A2A can hold. */
export type GenaiPartToA2aPartConverter = (part: Part) => A2aPart | A2aPart[] | undefined;

type Metadata = Record<string, unknown>;

// The genai fields carried as data parts, in the order Python tries them.
const DATA_FIELDS = [
  ['functionCall', DataPartType.functionCall],
  ['functionResponse', DataPartType.functionResponse],
  ['codeExecutionResult', DataPartType.codeExecutionResult],
  ['executableCode', DataPartType.executableCode],
] as const;

function partRule(field: string): CasingRule {
  return PART_CASING_RULE.fields[field] ?? PART_CASING_RULE;
}

// Python `model_dump(mode='json', by_alias=True, exclude_none=True)`: camelCase, no nulls.
function dumpModel(value: unknown, field: string): unknown {
  return convertCasing(value, partRule(field), { rename: writeCamelCase, argument: 'part' });
}

// Python `model_validate(data, by_alias=True)`: either spelling read into camelCase, no nulls.
function readModel(value: Metadata, field: string): Metadata {
  return convertCasing(value, partRule(field), { rename: keepKey, argument: 'part' }) as Metadata;
}

function a2aPart(content: A2aPart['content'], extra: Partial<A2aPart> = {}): A2aPart {
  return { content, metadata: undefined, filename: '', mediaType: '', ...extra };
}

function withMetadata(part: A2aPart, metadata: Metadata): A2aPart {
  if (Object.keys(metadata).length > 0) part.metadata = metadata;
  return part;
}

// Python leaves `part_metadata` out on Vertex AI, which refuses it.
function genaiMetadata(metadata: Metadata | undefined): Pick<Part, 'partMetadata'> {
  if (!metadata || Object.keys(metadata).length === 0 || vertexAiSelected()) return {};
  return { partMetadata: metadata };
}

function thoughtSignature(metadata: Metadata | undefined): Pick<Part, 'thoughtSignature'> {
  const value = metadata?.[THOUGHT_SIGNATURE_KEY];
  if (typeof value !== 'string') return {};
  const signature = normalizePythonBase64(value);
  if (signature === undefined) {
    logger.warn(`Failed to decode thought_signature: ${value}`);
    return {};
  }
  return { thoughtSignature: signature };
}

function dataPartToGenaiPart(data: unknown, metadata: Metadata | undefined): Part {
  const type: unknown = metadata?.[DATA_PART_TYPE_KEY];
  const partMetadata = genaiMetadata(metadata);
  if (isPlainObject(data)) {
    switch (type) {
      case DataPartType.functionCall:
        return {
          functionCall: readModel(data, 'functionCall'),
          ...thoughtSignature(metadata),
          ...partMetadata,
        };
      case DataPartType.functionResponse:
        return { functionResponse: readModel(data, 'functionResponse'), ...partMetadata };
      case DataPartType.codeExecutionResult:
        return { codeExecutionResult: readModel(data, 'codeExecutionResult'), ...partMetadata };
      case DataPartType.executableCode:
        return { executableCode: readModel(data, 'executableCode'), ...partMetadata };
    }
  }
  // A data part without ADK meaning travels as its JSON (as Python's json.dumps writes it)
  // between tags; its metadata rides on the part.
  const json = pythonJsonDumps(data, { ensureAscii: true });
  return {
    inlineData: {
      data: Buffer.from(`${DATA_PART_START_TAG}${json}${DATA_PART_END_TAG}`).toString('base64'),
      mimeType: DATA_PART_TEXT_MIME_TYPE,
    },
    ...partMetadata,
  };
}

/**
 * An A2A part as an ADK part (Python `convert_a2a_part_to_genai_part`, its
 * A2A 1.x path). The part's metadata becomes `partMetadata` (left out when
 * `GOOGLE_GENAI_USE_VERTEXAI` selects Vertex AI, which refuses it).
 * - text → `text`, with `thought` from `adk_thought`;
 * - url → `fileData` (media type, filename as `displayName`);
 * - raw bytes → `inlineData` (same);
 * - data whose `adk_type` is `function_call` (with `thoughtSignature` from
 *   the base64 `adk_thought_signature`), `function_response`,
 *   `code_execution_result` or `executable_code` → that part, its keys read
 *   in camelCase or snake_case;
 * - any other data → a `text/plain` inline blob holding the data's JSON
 *   between `<a2a_datapart_json>` tags, so that it becomes a data part again.
 * A part without content gives `undefined` (and a warning).
 */
export function a2aPartToGenaiPart(part: A2aPart): Part | undefined {
  const content = part.content;
  const metadata = part.metadata ?? undefined;
  const mimeType = part.mediaType || undefined;
  const displayName = part.filename || undefined;
  switch (content?.$case) {
    case 'text': {
      const thought: unknown = metadata?.[THOUGHT_KEY];
      return {
        text: content.value,
        ...(typeof thought === 'boolean' ? { thought } : {}),
        ...genaiMetadata(metadata),
      };
    }
    case 'url':
      return {
        fileData: {
          fileUri: content.value,
          ...(mimeType ? { mimeType } : {}),
          ...(displayName ? { displayName } : {}),
        },
        ...genaiMetadata(metadata),
      };
    case 'raw':
      return {
        inlineData: {
          data: Buffer.from(content.value).toString('base64'),
          ...(mimeType ? { mimeType } : {}),
          ...(displayName ? { displayName } : {}),
        },
        ...genaiMetadata(metadata),
      };
    case 'data':
      return dataPartToGenaiPart(content.value, metadata);
    default:
      logger.warn('Cannot convert unsupported A2A part', part);
      return undefined;
  }
}

// The data part a tagged `text/plain` blob carries, or undefined when the text only looks tagged.
function unwrapDataPart(base64: string, extraMetadata: Metadata | undefined): A2aPart | undefined {
  const text = Buffer.from(base64, 'base64').toString('utf8');
  if (!text.startsWith(DATA_PART_START_TAG) || !text.endsWith(DATA_PART_END_TAG)) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(
      text.slice(DATA_PART_START_TAG.length, text.length - DATA_PART_END_TAG.length),
    );
  } catch {
    return undefined;
  }
  return a2aPart({ $case: 'data', value: data }, { metadata: extraMetadata });
}

/**
 * An ADK part as an A2A part (Python `convert_genai_part_to_a2a_part`, its
 * A2A 1.x path). `partMetadata` is merged into the A2A part's metadata.
 * - `text` (an empty one too) → text, a set `thought` as `adk_thought`;
 * - `fileData` → url (mime type as media type, `displayName` as filename);
 * - `inlineData`: a `text/plain` blob holding tagged JSON → that data part
 *   again; any other blob with data → raw bytes (`videoMetadata` as
 *   `adk_video_metadata`); a blob without data → `undefined`;
 * - `functionCall` (its `thoughtSignature` as `adk_thought_signature`),
 *   `functionResponse`, `codeExecutionResult`, `executableCode` → data parts
 *   whose `adk_type` says which, holding the camelCase JSON of the value.
 * Anything else gives `undefined` (and a warning).
 */
export function genaiPartToA2aPart(part: Part): A2aPart | undefined {
  const partMetadata: Metadata = part.partMetadata ?? {};
  if (part.text !== undefined) {
    const metadata: Metadata = part.thought === undefined ? {} : { [THOUGHT_KEY]: part.thought };
    return withMetadata(a2aPart({ $case: 'text', value: part.text }), {
      ...metadata,
      ...partMetadata,
    });
  }
  if (part.fileData) {
    const { fileUri, mimeType, displayName } = part.fileData;
    return withMetadata(
      a2aPart(
        { $case: 'url', value: fileUri ?? '' },
        { mediaType: mimeType ?? '', filename: displayName ?? '' },
      ),
      { ...partMetadata },
    );
  }
  if (part.inlineData) {
    const { data, mimeType, displayName } = part.inlineData;
    if (mimeType === DATA_PART_TEXT_MIME_TYPE && data !== undefined) {
      const unwrapped = unwrapDataPart(data, part.partMetadata);
      if (unwrapped) return unwrapped;
    }
    if (data === undefined) return undefined;
    const metadata: Metadata = part.videoMetadata
      ? { [VIDEO_METADATA_KEY]: dumpModel(part.videoMetadata, 'videoMetadata') }
      : {};
    return withMetadata(
      a2aPart(
        { $case: 'raw', value: Buffer.from(data, 'base64') },
        { mediaType: mimeType ?? '', filename: displayName ?? '' },
      ),
      { ...metadata, ...partMetadata },
    );
  }
  for (const [field, type] of DATA_FIELDS) {
    const value = part[field];
    if (value === undefined) continue;
    const metadata: Metadata = { [DATA_PART_TYPE_KEY]: type };
    if (field === 'functionCall' && part.thoughtSignature !== undefined) {
      metadata[THOUGHT_SIGNATURE_KEY] = part.thoughtSignature;
    }
    return withMetadata(a2aPart({ $case: 'data', value: dumpModel(value, field) }), {
      ...metadata,
      ...partMetadata,
    });
  }
  logger.warn('Cannot convert unsupported part for Google GenAI part', part);
  return undefined;
}
