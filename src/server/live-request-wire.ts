import { z } from 'zod';
import { toCamelCaseKeys } from '../config/genai-keys.js';
import type { LiveRequest as LiveRequestObject } from '../context/live-request-queue.js';
import { RequestValidationError } from '../errors/request-validation-error.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { BlobJson, ContentJson, JsonObject } from './genai-schemas.js';
import { jsonLimitIssues } from './json-limits.js';
import { validate } from './read-request.js';
import { camelCaseRequestKeys } from './request-schemas.js';

/** A genai `ActivityStart` / `ActivityEnd`: an object without fields. */
const ActivityMarker = z.strictObject({});

/** A genai `Blob` in either casing (`mime_type` or `mimeType`), its data base64. */
const LiveBlobJson = z.preprocess(
  (value) => (isPlainObject(value) ? toCamelCaseKeys(value, { kind: 'model', fields: {} }) : value),
  BlobJson,
);

/**
 * A `LiveRequest` as a `/run_live` client sends it, one JSON text frame
 * each (Python `LiveRequest.model_validate_json`): `content` (a genai
 * Content, e.g. a text turn or function responses), `blob` (realtime input:
 * `{mime_type, data}` with base64 data), `activity_start` / `activity_end`
 * (`{}`), `audio_stream_end: true`, `close: true`, or `state_delta` (a JSON
 * object applied to the session state, its keys kept as written);
 * `partial: true` marks content as one piece of a longer answer (see
 * `LiveRequest.partial`). Keys in snake_case (Python's field names, what
 * adk-web sends) or camelCase; `null` reads as absent; keys it does not know
 * are ignored, as pydantic's default model ignores them. A frame without any
 * of the seven is refused: it would ask the live run for nothing.
 */
export const LiveRequest = z.preprocess(
  camelCaseRequestKeys,
  z
    .object({
      content: ContentJson.optional(),
      blob: LiveBlobJson.optional(),
      activityStart: ActivityMarker.optional(),
      activityEnd: ActivityMarker.optional(),
      audioStreamEnd: z.boolean().optional(),
      close: z.boolean().optional(),
      partial: z.boolean().optional(),
      stateDelta: JsonObject.optional(),
    })
    .refine(
      (request) =>
        request.content !== undefined ||
        request.blob !== undefined ||
        request.activityStart !== undefined ||
        request.activityEnd !== undefined ||
        request.audioStreamEnd !== undefined ||
        request.close !== undefined ||
        request.stateDelta !== undefined,
      {
        message:
          'A LiveRequest needs one of content, blob, activity_start, activity_end, ' +
          'audio_stream_end, close or state_delta',
      },
    ),
);
/** A validated `LiveRequest` frame, in the in-process (camelCase) form. */
export type LiveRequest = LiveRequestObject;

/**
 * The `LiveRequest` of one text frame: parsed as JSON, checked for the
 * nesting and characters no request may carry (`jsonLimitIssues`), then
 * validated by the `LiveRequest` schema. Anything else throws
 * `RequestValidationError` whose issues are located under `frame` (e.g.
 * `["frame", "blob", "data"]`), with `json_invalid` for text that is not JSON.
 */
export function parseLiveRequestFrame(text: string): LiveRequest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new RequestValidationError({
      issues: [{ type: 'json_invalid', loc: ['frame'], msg: 'JSON decode error' }],
      cause: error,
    });
  }
  const issues = jsonLimitIssues(parsed, 'frame');
  if (issues.length > 0) throw new RequestValidationError({ issues });
  const request = validate(LiveRequest, parsed, 'frame') as LiveRequestObject;
  // zod's object output lists absent optional keys as undefined; the queue's readers test presence.
  return Object.fromEntries(
    Object.entries(request).filter(([, value]) => value !== undefined),
  ) as LiveRequestObject;
}
