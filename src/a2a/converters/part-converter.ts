import type { Part as A2aPart } from '@a2a-js/sdk';
import type { Part } from '../../types/index.js';
import {
  DATA_PART_END_TAG,
  DATA_PART_START_TAG,
  DATA_PART_TEXT_MIME_TYPE,
  DATA_PART_TYPE_KEY,
  DataPartType,
  THOUGHT_KEY,
  adkMetadataKey,
} from './metadata-keys.js';

/** Turns one A2A part into an ADK part; `undefined` when it has nothing ADK can hold. */
export type A2aPartToGenaiPartConverter = (part: A2aPart) => Part | Part[] | undefined;
/** Turns one ADK part into an A2A part; `undefined` when it has nothing A2A can hold. */
export type GenaiPartToA2aPartConverter = (part: Part) => A2aPart | A2aPart[] | undefined;

function a2aPart(content: A2aPart['content'], extra: Partial<A2aPart> = {}): A2aPart {
  return { content, metadata: undefined, filename: '', mediaType: '', ...extra };
}

function dataPart(data: unknown, type: DataPartType): A2aPart {
  return a2aPart({ $case: 'data', value: data }, { metadata: { [DATA_PART_TYPE_KEY]: type } });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An A2A part as an ADK part (Python `convert_a2a_part_to_genai_part`):
 * text (with `adk_thought`), a file by URL (`fileData`) or by bytes
 * (`inlineData`), and data parts: those whose `adk_type` names a function
 * call, function response, code execution result or executable code become
 * that part; any other data part becomes a `text/plain` inline blob holding
 * its JSON between `<a2a_datapart_json>` tags, so that it survives the trip
 * back. A part without content gives `undefined`.
 */
export function a2aPartToGenaiPart(part: A2aPart): Part | undefined {
  const content = part.content;
  const mimeType = part.mediaType || undefined;
  switch (content?.$case) {
    case 'text': {
      const thought: unknown = part.metadata?.[THOUGHT_KEY];
      return typeof thought === 'boolean'
        ? { text: content.value, thought }
        : { text: content.value };
    }
    case 'url':
      return {
        fileData: {
          fileUri: content.value,
          ...(mimeType ? { mimeType } : {}),
          ...(part.filename ? { displayName: part.filename } : {}),
        },
      };
    case 'raw':
      return {
        inlineData: {
          data: Buffer.from(content.value).toString('base64'),
          ...(mimeType ? { mimeType } : {}),
          ...(part.filename ? { displayName: part.filename } : {}),
        },
      };
    case 'data': {
      const type: unknown = part.metadata?.[DATA_PART_TYPE_KEY];
      const data: unknown = content.value;
      if (isRecord(data)) {
        switch (type) {
          case DataPartType.functionCall:
            return { functionCall: data };
          case DataPartType.functionResponse:
            return { functionResponse: data };
          case DataPartType.codeExecutionResult:
            return { codeExecutionResult: data };
          case DataPartType.executableCode:
            return { executableCode: data };
        }
      }
      const json = JSON.stringify({
        kind: 'data',
        data,
        ...(part.metadata ? { metadata: part.metadata } : {}),
      });
      return {
        inlineData: {
          data: Buffer.from(`${DATA_PART_START_TAG}${json}${DATA_PART_END_TAG}`).toString('base64'),
          mimeType: DATA_PART_TEXT_MIME_TYPE,
        },
      };
    }
    default:
      return undefined;
  }
}

function wrappedDataPart(base64: string): A2aPart | undefined {
  const text = Buffer.from(base64, 'base64').toString('utf8');
  if (!text.startsWith(DATA_PART_START_TAG) || !text.endsWith(DATA_PART_END_TAG)) return undefined;
  try {
    const parsed: unknown = JSON.parse(
      text.slice(DATA_PART_START_TAG.length, text.length - DATA_PART_END_TAG.length),
    );
    if (!isRecord(parsed)) return undefined;
    const metadata = isRecord(parsed.metadata) ? parsed.metadata : undefined;
    return a2aPart({ $case: 'data', value: parsed.data }, { metadata });
  } catch {
    // Text that merely looks wrapped stays a file part.
    return undefined;
  }
}

/**
 * An ADK part as an A2A part (Python `convert_genai_part_to_a2a_part`):
 * text (a boolean `thought` as `adk_thought`), `fileData` as a URL part,
 * `inlineData` as raw bytes (or, when it is a wrapped data part, that data
 * part again; `videoMetadata` as `adk_video_metadata`), and function calls,
 * function responses, code execution results and executable code as data
 * parts whose `adk_type` says which. Anything else gives `undefined`.
 */
export function genaiPartToA2aPart(part: Part): A2aPart | undefined {
  if (part.text) {
    return a2aPart(
      { $case: 'text', value: part.text },
      part.thought === undefined ? {} : { metadata: { [THOUGHT_KEY]: part.thought } },
    );
  }
  if (part.fileData?.fileUri) {
    return a2aPart(
      { $case: 'url', value: part.fileData.fileUri },
      { mediaType: part.fileData.mimeType ?? '', filename: part.fileData.displayName ?? '' },
    );
  }
  if (part.inlineData?.data !== undefined) {
    const { data, mimeType, displayName } = part.inlineData;
    if (mimeType === DATA_PART_TEXT_MIME_TYPE) {
      const unwrapped = wrappedDataPart(data);
      if (unwrapped) return unwrapped;
    }
    return a2aPart(
      { $case: 'raw', value: Buffer.from(data, 'base64') },
      {
        mediaType: mimeType ?? '',
        filename: displayName ?? '',
        ...(part.videoMetadata
          ? { metadata: { [adkMetadataKey('video_metadata')]: part.videoMetadata } }
          : {}),
      },
    );
  }
  if (part.functionCall) return dataPart(part.functionCall, DataPartType.functionCall);
  if (part.functionResponse) return dataPart(part.functionResponse, DataPartType.functionResponse);
  if (part.codeExecutionResult) {
    return dataPart(part.codeExecutionResult, DataPartType.codeExecutionResult);
  }
  if (part.executableCode) return dataPart(part.executableCode, DataPartType.executableCode);
  return undefined;
}
