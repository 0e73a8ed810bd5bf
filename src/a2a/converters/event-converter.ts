import type { Message, Part as A2aPart, TaskState, TaskStatusUpdateEvent } from '@a2a-js/sdk';
import { createEvent, type Event } from '../../events/event.js';
import type { Part } from '../../types/index.js';
import { newUuid } from '../../utils/ids.js';
import { logger } from '../../utils/logger.js';
import { toList } from '../../utils/to-list.js';
import { A2aRole, A2aTaskState } from './a2a-enums.js';
import { eventContextMetadata, type A2aSessionRef } from './event-metadata.js';
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

/** Text of a failed status update whose event has no error message (Python's). */
export const DEFAULT_ERROR_MESSAGE = 'An error occurred during processing';

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

function markLongRunning(a2aPart: A2aPart, event: Event): void {
  if (!event.longRunningToolIds?.length || !isFunctionCallPart(a2aPart)) return;
  if (a2aPart.content?.$case !== 'data') return;
  const id: unknown = (a2aPart.content.value as { id?: unknown } | null)?.id;
  if (typeof id === 'string' && event.longRunningToolIds.includes(id)) {
    a2aPart.metadata = { ...a2aPart.metadata, [DATA_PART_IS_LONG_RUNNING_KEY]: true };
  }
}

/**
 * An ADK event's content as an A2A message (Python
 * `convert_event_to_a2a_message`) in `role` (default: agent), or
 * `undefined` when the event has no part A2A can hold. Function calls whose
 * id is among the event's `longRunningToolIds` get `adk_is_long_running: true`.
 */
export function eventToA2aMessage(
  event: Event,
  {
    role = A2aRole.agent,
    partConverter = genaiPartToA2aPart,
  }: { role?: Message['role']; partConverter?: GenaiPartToA2aPartConverter } = {},
): Message | undefined {
  const parts: A2aPart[] = [];
  for (const part of event.content?.parts ?? []) {
    for (const a2aPart of toList(partConverter(part))) {
      markLongRunning(a2aPart, event);
      parts.push(a2aPart);
    }
  }
  if (parts.length === 0) return undefined;
  return {
    messageId: newUuid(),
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
 * `convert_event_to_a2a_events`), in this order:
 * - an event with an error code: a `failed` update whose message holds the
 *   error message (or `DEFAULT_ERROR_MESSAGE`) and `adk_error_code`;
 * - an event with content: an update holding it as a message (role user
 *   when the author is `user`, else agent): `auth-required` when it holds a
 *   long-running `adk_request_credential` call, `input-required` for any
 *   other long-running call, `working` otherwise.
 * Each carries the event's `adk_*` metadata (`eventContextMetadata`).
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
  const role = event.author === 'user' ? A2aRole.user : A2aRole.agent;
  const message = eventToA2aMessage(event, { role, partConverter });
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
    messageId: newUuid(),
    contextId,
    taskId,
    role: A2aRole.agent,
    parts: [
      { content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' },
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/**
 * An A2A message as an ADK event (Python `convert_a2a_message_to_event`):
 * each part converted by `partConverter` (a part it cannot convert, or whose
 * conversion throws, is skipped with a warning); function calls of parts
 * marked `adk_is_long_running` are listed in `longRunningToolIds`. The
 * content's role is `user` for a user message, else `model`; the event is
 * authored by `author` (default `a2a agent`), in `invocationId` (default a
 * new uuid) and `branch`.
 */
export function a2aMessageToEvent(
  message: Message,
  {
    author = 'a2a agent',
    invocationId = newUuid(),
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
    let converted: Part[];
    try {
      converted = toList(partConverter(a2aPart));
    } catch (error) {
      logger.error('Failed to convert A2A part, skipping it', a2aPart, error);
      continue;
    }
    if (converted.length === 0) {
      logger.warn('Failed to convert A2A part, skipping it', a2aPart);
      continue;
    }
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
