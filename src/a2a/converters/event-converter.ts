import type { Message, Part as A2aPart, TaskState, TaskStatusUpdateEvent } from '@a2a-js/sdk';
import { randomUUID } from 'node:crypto';
import { createEvent, type Event } from '../../events/event.js';
import type { Part } from '../../types/index.js';
import { A2aRole, A2aTaskState } from './a2a-enums.js';
import {
  DATA_PART_IS_LONG_RUNNING_KEY,
  DATA_PART_TYPE_KEY,
  DataPartType,
  REQUEST_EUC_FUNCTION_CALL_NAME,
  adkMetadataKey,
} from './metadata-keys.js';
import {
  a2aPartToGenaiPart,
  genaiPartToA2aPart,
  type A2aPartToGenaiPartConverter,
  type GenaiPartToA2aPartConverter,
} from './part-converter.js';

/** The session an ADK event belongs to, named in the A2A metadata of what it becomes. */
export interface A2aSessionRef {
  appName: string;
  userId: string;
  sessionId: string;
}

/** Text of a failed status update whose event has no error message (Python's). */
export const DEFAULT_ERROR_MESSAGE = 'An error occurred during processing';

function toList<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

// Python serializes models as JSON objects, dicts and lists as JSON text, the rest with str().
function serializeMetadataValue(value: unknown, isModel: boolean): unknown {
  if (isModel) return JSON.parse(JSON.stringify(value)) as unknown;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/**
 * The `adk_*` metadata of the A2A events an ADK event becomes (Python
 * `_get_context_metadata`): app, user, session, invocation, author and
 * event id, plus branch, grounding, custom and usage metadata, error code
 * and actions when present.
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
  const optional: [string, unknown, boolean][] = [
    ['branch', event.branch, false],
    ['grounding_metadata', event.groundingMetadata, true],
    ['custom_metadata', event.customMetadata, false],
    ['usage_metadata', event.usageMetadata, true],
    ['error_code', event.errorCode, false],
    ['actions', event.actions, true],
  ];
  for (const [key, value, isModel] of optional) {
    if (value !== undefined && value !== null) {
      metadata[adkMetadataKey(key)] = serializeMetadataValue(value, isModel);
    }
  }
  return metadata;
}

function isFunctionCallPart(part: A2aPart): boolean {
  return (
    part.content?.$case === 'data' &&
    part.metadata?.[DATA_PART_TYPE_KEY] === DataPartType.functionCall
  );
}

function isLongRunningCall(part: A2aPart): boolean {
  return isFunctionCallPart(part) && part.metadata?.[DATA_PART_IS_LONG_RUNNING_KEY] === true;
}

function isCredentialRequest(part: A2aPart): boolean {
  if (!isLongRunningCall(part) || part.content?.$case !== 'data') return false;
  const data: unknown = part.content.value;
  return (data as { name?: unknown } | null)?.name === REQUEST_EUC_FUNCTION_CALL_NAME;
}

/**
 * An ADK event's content as an A2A message (Python
 * `convert_event_to_a2a_message`), or `undefined` when the event has no
 * part A2A can hold. Function calls whose id is among the event's
 * `longRunningToolIds` get `adk_is_long_running: true`.
 */
export function eventToA2aMessage(
  event: Event,
  {
    role = event.author === 'user' ? A2aRole.user : A2aRole.agent,
    partConverter = genaiPartToA2aPart,
  }: { role?: Message['role']; partConverter?: GenaiPartToA2aPartConverter } = {},
): Message | undefined {
  const parts: A2aPart[] = [];
  for (const part of event.content?.parts ?? []) {
    for (const a2aPart of toList(partConverter(part))) {
      if (isFunctionCallPart(a2aPart) && a2aPart.content?.$case === 'data') {
        const id: unknown = (a2aPart.content.value as { id?: unknown } | null)?.id;
        if (typeof id === 'string' && event.longRunningToolIds?.includes(id)) {
          a2aPart.metadata = { ...a2aPart.metadata, [DATA_PART_IS_LONG_RUNNING_KEY]: true };
        }
      }
      parts.push(a2aPart);
    }
  }
  if (parts.length === 0) return undefined;
  return {
    messageId: randomUUID(),
    contextId: '',
    taskId: '',
    role,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/**
 * The A2A status updates an ADK event becomes (Python
 * `convert_event_to_a2a_events`): an event with an error code gives a
 * `failed` update holding its error message; an event with content gives a
 * `working` update holding it as a message, `input-required` when it holds a
 * long-running function call and `auth-required` when that call asks for
 * credentials. Each carries the event's `adk_*` metadata.
 */
export function eventToA2aStatusUpdates(
  event: Event,
  {
    session,
    taskId,
    contextId,
    partConverter = genaiPartToA2aPart,
  }: {
    session: A2aSessionRef;
    taskId: string;
    contextId: string;
    partConverter?: GenaiPartToA2aPartConverter;
  },
): TaskStatusUpdateEvent[] {
  const updates: TaskStatusUpdateEvent[] = [];
  const timestamp = new Date().toISOString();
  if (event.errorCode) {
    const errorCode = String(event.errorCode);
    const metadata = eventContextMetadata(event, session);
    metadata[adkMetadataKey('error_code')] = errorCode;
    updates.push({
      taskId,
      contextId,
      status: {
        state: A2aTaskState.failed,
        timestamp,
        message: {
          ...textMessage(event.errorMessage || DEFAULT_ERROR_MESSAGE, { taskId, contextId }),
          metadata: { [adkMetadataKey('error_code')]: errorCode },
        },
      },
      metadata,
    });
  }
  const message = eventToA2aMessage(event, { partConverter });
  if (message) {
    let state: TaskState = A2aTaskState.working;
    if (message.parts.some(isCredentialRequest)) state = A2aTaskState.authRequired;
    else if (message.parts.some(isLongRunningCall)) state = A2aTaskState.inputRequired;
    updates.push({
      taskId,
      contextId,
      status: { state, timestamp, message: { ...message, taskId, contextId } },
      metadata: eventContextMetadata(event, session),
    });
  }
  return updates;
}

/** An agent message holding one text part. */
export function textMessage(
  text: string,
  { taskId = '', contextId = '' }: { taskId?: string; contextId?: string } = {},
): Message {
  return {
    messageId: randomUUID(),
    contextId,
    taskId,
    role: A2aRole.agent,
    parts: [genaiPartToA2aPart({ text })!],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/**
 * An A2A message as an ADK event (Python `convert_a2a_message_to_event`):
 * its parts converted, function calls marked `adk_is_long_running` listed
 * in `longRunningToolIds`, authored by `author` (default `a2a agent`).
 */
export function a2aMessageToEvent(
  message: Message,
  {
    author = 'a2a agent',
    invocationId = `e-${randomUUID()}`,
    branch,
    partConverter = a2aPartToGenaiPart,
  }: {
    author?: string;
    invocationId?: string;
    branch?: string;
    partConverter?: A2aPartToGenaiPartConverter;
  } = {},
): Event {
  const parts: Part[] = [];
  const longRunningToolIds = new Set<string>();
  for (const a2aPart of message.parts) {
    const converted = toList(partConverter(a2aPart));
    if (a2aPart.metadata?.[DATA_PART_IS_LONG_RUNNING_KEY] === true) {
      for (const part of converted) {
        if (part.functionCall?.id) longRunningToolIds.add(part.functionCall.id);
      }
    }
    parts.push(...converted);
  }
  return createEvent({
    invocationId,
    author,
    ...(branch ? { branch } : {}),
    ...(longRunningToolIds.size ? { longRunningToolIds: [...longRunningToolIds] } : {}),
    content: { role: message.role === A2aRole.user ? 'user' : 'model', parts },
  });
}
