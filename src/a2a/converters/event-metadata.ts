import type { Event } from '../../events/event.js';
import { EVENT_CASING_RULE } from '../../events/event-json.js';
import {
  convertCasing,
  modelRule,
  writeCamelCase,
  type CasingRule,
} from '../../events/json-casing.js';
import { pythonJsonDumps } from '../../utils/python-json.js';
import { pythonStr } from '../../utils/python-repr.js';
import { adkMetadataKey } from './metadata-keys.js';

/** The session an ADK event belongs to, named in the A2A metadata of what it becomes. */
export interface A2aSessionRef {
  appName: string;
  userId: string;
  sessionId: string;
}

const NESTED_MODEL = modelRule();
const ACTIONS_RULE: CasingRule = EVENT_CASING_RULE.fields['actions'] ?? NESTED_MODEL;

/**
 * One optional event field as Python's `_serialize_metadata_value` writes
 * it: a model (`model`) as its camelCase JSON without nulls
 * (`model_dump(mode='json', exclude_none=True, by_alias=True)`), an object
 * or array as the text of `json.dumps`, anything else as `str()`.
 */
function serializeMetadataValue(value: unknown, model: CasingRule | undefined): unknown {
  if (model) return convertCasing(value, model, { rename: writeCamelCase, argument: 'event' });
  if (typeof value === 'object' && value !== null) {
    return pythonJsonDumps(value, { ensureAscii: true });
  }
  return pythonStr(value);
}

/**
 * The `adk_*` metadata of the A2A events an ADK event becomes (Python
 * `_get_context_metadata`): `adk_app_name`, `adk_user_id`,
 * `adk_session_id`, `adk_invocation_id`, `adk_author`, `adk_event_id`,
 * then, when set, `adk_branch` and `adk_error_code` (text),
 * `adk_grounding_metadata`, `adk_usage_metadata` and `adk_actions` (camelCase
 * JSON objects without nulls) and `adk_custom_metadata` (the JSON text
 * Python's `json.dumps` writes).
 */
export function eventContextMetadata(
  event: Event,
  session: A2aSessionRef,
): Record<string, unknown> {
  const metadata: Record<string, unknown> = {
    [adkMetadataKey('app_name')]: session.appName,
    [adkMetadataKey('user_id')]: session.userId,
    [adkMetadataKey('session_id')]: session.sessionId,
    [adkMetadataKey('invocation_id')]: event.invocationId,
    [adkMetadataKey('author')]: event.author,
    [adkMetadataKey('event_id')]: event.id,
  };
  const optional: [string, unknown, CasingRule | undefined][] = [
    ['branch', event.branch, undefined],
    ['grounding_metadata', event.groundingMetadata, NESTED_MODEL],
    ['custom_metadata', event.customMetadata, undefined],
    ['usage_metadata', event.usageMetadata, NESTED_MODEL],
    ['error_code', event.errorCode, undefined],
    ['actions', event.actions, ACTIONS_RULE],
  ];
  for (const [key, value, model] of optional) {
    if (value !== undefined && value !== null) {
      metadata[adkMetadataKey(key)] = serializeMetadataValue(value, model);
    }
  }
  return metadata;
}
