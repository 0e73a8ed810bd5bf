/**
 * Metadata keys and ids shared by both A2A directions (Python
 * `a2a/converters/utils.py` and the `A2A_DATA_PART_*` constants of
 * `part_converter.py`). The values are the wire contract with other ADKs.
 */
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';

/** Prefix of every ADK key in A2A metadata. */
export const ADK_METADATA_KEY_PREFIX = 'adk_';

/**
 * `adk_<key>`: the A2A metadata key ADK uses for `key`. Throws
 * `InvalidArgumentError` for an empty key, as Python does.
 */
export function adkMetadataKey(key: string): string {
  if (!key) {
    throw new InvalidArgumentError({
      argument: 'key',
      message: 'Metadata key cannot be empty or None',
    });
  }
  return `${ADK_METADATA_KEY_PREFIX}${key}`;
}

/** Data-part metadata key (`adk_type`) saying what ADK part the data holds. */
export const DATA_PART_TYPE_KEY = adkMetadataKey('type');
/** Data-part metadata key (`adk_is_long_running`) marking a long-running function call. */
export const DATA_PART_IS_LONG_RUNNING_KEY = adkMetadataKey('is_long_running');
/** Text-part metadata key (`adk_thought`) carrying `Part.thought`. */
export const THOUGHT_KEY = adkMetadataKey('thought');
/** Function-call data-part metadata key (`adk_thought_signature`) carrying `Part.thoughtSignature` (base64). */
export const THOUGHT_SIGNATURE_KEY = adkMetadataKey('thought_signature');
/** File-part metadata key (`adk_video_metadata`) carrying `Part.videoMetadata`. */
export const VIDEO_METADATA_KEY = adkMetadataKey('video_metadata');

/** The values of `adk_type` on data parts. */
export const DataPartType = {
  functionCall: 'function_call',
  functionResponse: 'function_response',
  codeExecutionResult: 'code_execution_result',
  executableCode: 'executable_code',
} as const;
/** One value of `adk_type`. */
export type DataPartType = (typeof DataPartType)[keyof typeof DataPartType];

/** The function call ADK issues to ask the user for credentials (Python `REQUEST_EUC_FUNCTION_CALL_NAME`). */
export const REQUEST_EUC_FUNCTION_CALL_NAME = 'adk_request_credential';

/**
 * Mime type and tags wrapping an A2A data part that has no ADK meaning when
 * it travels as an inline text blob, so that it can become a data part again.
 */
export const DATA_PART_TEXT_MIME_TYPE = 'text/plain';
/** Opening tag of a data part carried as an inline blob. */
export const DATA_PART_START_TAG = '<a2a_datapart_json>';
/** Closing tag of a data part carried as an inline blob. */
export const DATA_PART_END_TAG = '</a2a_datapart_json>';

const CONTEXT_ID_PREFIX = 'ADK';

/**
 * `ADK$app$user$session`: an A2A context id naming an ADK session. Throws
 * `InvalidArgumentError` when any of the three is empty, as Python does.
 */
export function toA2aContextId({
  appName,
  userId,
  sessionId,
}: {
  appName: string;
  userId: string;
  sessionId: string;
}): string {
  if (!appName || !userId || !sessionId) {
    throw new InvalidArgumentError({
      message: 'All parameters (app_name, user_id, session_id) must be non-empty',
    });
  }
  return [CONTEXT_ID_PREFIX, appName, userId, sessionId].join('$');
}

/** The session an `ADK$app$user$session` context id names; `undefined` for any other id. */
export function fromA2aContextId(
  contextId: string | undefined,
): { appName: string; userId: string; sessionId: string } | undefined {
  const parts = contextId?.split('$');
  if (parts?.length !== 4) return undefined;
  const [prefix, appName, userId, sessionId] = parts;
  if (prefix !== CONTEXT_ID_PREFIX || !appName || !userId || !sessionId) return undefined;
  return { appName, userId, sessionId };
}
