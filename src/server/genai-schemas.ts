import { z } from 'zod';
import { CONTENT_RULE, PART_RULE, toCamelCaseKeys } from '../config/genai-keys.js';
import type { Content, Part } from '../types/index.js';
import { isPlainObject } from '../utils/is-plain-object.js';

/*
 * The genai message types as request bodies carry them, checked as
 * google-genai's pydantic models check them (`extra='forbid'`, bytes as
 * base64): every field optional, each of its own type, no unknown fields.
 * Enums are strings (genai's enums accept unknown values with a warning).
 */

/**
 * A JSON object of the caller's own data (state, tool arguments and
 * results, metadata): any keys, kept as written; the object itself is passed
 * on (so a key such as `__proto__` stays a key).
 */
export const JsonObject = z
  .unknown()
  .refine(isPlainObject, { message: 'Input should be a valid dictionary' })
  .meta({ type: 'object', additionalProperties: true }) as unknown as z.ZodType<
  Record<string, unknown>
>;

/**
 * True when `text` is base64, as genai reads bytes: the standard (`+/`) or
 * URL-safe (`-_`) alphabet, padding optional but, when present, completing a
 * group of four. Written as a loop: a regular expression over a
 * multi-megabyte string overflows the stack.
 */
export function isBase64(text: string): boolean {
  let symbols = 0;
  let padding = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x3d) {
      padding++;
      continue;
    }
    if (padding > 0 || !isBase64Symbol(code)) return false;
    symbols++;
  }
  if (symbols % 4 === 1 || padding > 2) return false;
  return padding === 0 || (symbols + padding) % 4 === 0;
}

function isBase64Symbol(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x30 && code <= 0x39) || // 0-9
    code === 0x2b || // +
    code === 0x2f || // /
    code === 0x2d || // -
    code === 0x5f // _
  );
}

/** Bytes as genai's JSON carries them: a base64 string. */
export const Base64Bytes = z
  .string()
  .refine(isBase64, { message: 'Input should be valid base64 (standard or URL-safe alphabet)' })
  .meta({ contentEncoding: 'base64' });

/** A genai `Blob` (`inlineData`): base64 `data`, its MIME type and a display name. */
export const BlobJson = z.strictObject({
  data: Base64Bytes.optional(),
  mimeType: z.string().optional(),
  displayName: z.string().optional(),
});

/** A genai `FileData`: a file stored elsewhere, by URI. */
export const FileDataJson = z.strictObject({
  fileUri: z.string().optional(),
  mimeType: z.string().optional(),
  displayName: z.string().optional(),
});

/** A genai `PartialArg`: one streamed piece of a function call's arguments. */
export const PartialArgJson = z.strictObject({
  jsonPath: z.string().optional(),
  stringValue: z.string().optional(),
  numberValue: z.number().optional(),
  boolValue: z.boolean().optional(),
  nullValue: z.string().optional(),
  willContinue: z.boolean().optional(),
});

/** A genai `FunctionCall`: `args` is the caller's own object. */
export const FunctionCallJson = z.strictObject({
  id: z.string().optional(),
  name: z.string().optional(),
  args: JsonObject.optional(),
  partialArgs: z.array(PartialArgJson).optional(),
  willContinue: z.boolean().optional(),
});

/** A genai `FunctionResponsePart`: media returned with a function's result. */
export const FunctionResponsePartJson = z.strictObject({
  inlineData: BlobJson.optional(),
  fileData: FileDataJson.optional(),
  mediaProcessing: z.string().optional(),
});

/** A genai `FunctionResponse`: `response` is the caller's own object. */
export const FunctionResponseJson = z.strictObject({
  id: z.string().optional(),
  name: z.string().optional(),
  response: JsonObject.optional(),
  parts: z.array(FunctionResponsePartJson).optional(),
  willContinue: z.boolean().optional(),
  scheduling: z.string().optional(),
});

/** A genai `ExecutableCode`. */
export const ExecutableCodeJson = z.strictObject({
  code: z.string().optional(),
  language: z.string().optional(),
  id: z.string().optional(),
});

/** A genai `CodeExecutionResult`. */
export const CodeExecutionResultJson = z.strictObject({
  outcome: z.string().optional(),
  output: z.string().optional(),
  id: z.string().optional(),
});

/** A genai `VideoMetadata`. */
export const VideoMetadataJson = z.strictObject({
  fps: z.number().optional(),
  startOffset: z.string().optional(),
  endOffset: z.string().optional(),
});

/** A genai `PartMediaResolution`. */
export const PartMediaResolutionJson = z.strictObject({
  level: z.string().optional(),
  numTokens: z.number().optional(),
});

/** A genai `ToolCall` (a server-side tool's call). */
export const ToolCallJson = z.strictObject({
  id: z.string().optional(),
  toolType: z.string().optional(),
  args: JsonObject.optional(),
});

/** A genai `ToolResponse` (a server-side tool's result). */
export const ToolResponseJson = z.strictObject({
  id: z.string().optional(),
  toolType: z.string().optional(),
  response: JsonObject.optional(),
});

/** A genai `Transcription` (audio turned into text). */
export const TranscriptionJson = z.looseObject({
  text: z.string().optional(),
  finished: z.boolean().optional(),
});

/** A genai `SpeechMetadata`. */
export const SpeechMetadataJson = z.strictObject({
  speaker: z.string().optional(),
  style: z.string().optional(),
});

/** A genai `Part` in camelCase: every field of `@google/genai`'s Part, each checked. */
export const PartObject = z.strictObject({
  text: z.string().optional(),
  thought: z.boolean().optional(),
  thoughtSignature: Base64Bytes.optional(),
  inlineData: BlobJson.optional(),
  fileData: FileDataJson.optional(),
  functionCall: FunctionCallJson.optional(),
  functionResponse: FunctionResponseJson.optional(),
  executableCode: ExecutableCodeJson.optional(),
  codeExecutionResult: CodeExecutionResultJson.optional(),
  videoMetadata: VideoMetadataJson.optional(),
  partMetadata: JsonObject.optional(),
  mediaResolution: PartMediaResolutionJson.optional(),
  toolCall: ToolCallJson.optional(),
  toolResponse: ToolResponseJson.optional(),
  audioTranscription: TranscriptionJson.optional(),
  mediaProcessing: z.string().optional(),
  speechMetadata: SpeechMetadataJson.optional(),
});

/** A genai `Content` in camelCase: an optional role and a list of parts. */
export const ContentObject = z.strictObject({
  role: z.string().optional(),
  parts: z.array(PartObject).optional(),
});

/**
 * A genai `Part` in either casing (snake_case keys re-cased as pydantic's
 * `populate_by_name` reads them, `null` fields dropped), checked field by
 * field; function arguments and results are kept as written.
 */
export const PartJson = z.preprocess(
  (value) => (isPlainObject(value) ? toCamelCaseKeys(value, PART_RULE) : value),
  PartObject,
) as unknown as z.ZodType<Part>;

/** A genai `Content` in either casing, checked as `PartJson` checks each part. */
export const ContentJson = z.preprocess(
  (value) => (isPlainObject(value) ? toCamelCaseKeys(value, CONTENT_RULE) : value),
  ContentObject,
) as unknown as z.ZodType<Content>;
