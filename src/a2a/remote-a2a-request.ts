import type { Message as A2aMessage, Part as A2aPart } from '@a2a-js/sdk';
import { A2aRole } from './converters/a2a-enums.js';
import type { GenaiPartToA2aPartConverter } from './converters/part-converter.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { findMatchingFunctionCall } from '../events/find-matching-function-call.js';
import { presentEvents } from '../flows/processors/contents-presentation.js';
import { newUuid } from '../utils/ids.js';
import { A2aMetadataKey } from './remote-a2a-metadata.js';

function toList<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function metadataString(event: Event, key: string): string {
  const value = event.customMetadata?.[key];
  return typeof value === 'string' ? value : '';
}

/** A user-role A2A message with the given parts and ids ('' for none). */
export function userMessage({
  parts,
  contextId = '',
  taskId = '',
}: {
  parts: A2aPart[];
  contextId?: string;
  taskId?: string;
}): A2aMessage {
  return {
    messageId: newUuid(),
    contextId,
    taskId,
    role: A2aRole.user,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/**
 * When the session's last event is the user answering a function call this
 * agent made (an `input-required` pause), the A2A message carrying that
 * answer, sent to the paused task: its task and context ids come from the
 * call's event (Python `_create_a2a_request_for_user_function_response`).
 * Undefined otherwise.
 */
export function requestForUserFunctionResponse({
  context,
  convertPart,
}: {
  context: InvocationContext;
  convertPart: GenaiPartToA2aPartConverter;
}): A2aMessage | undefined {
  const events = context.session.events;
  const last = events[events.length - 1];
  if (!last || last.author !== 'user') return undefined;
  const callEvent = findMatchingFunctionCall(events);
  if (!callEvent) return undefined;
  const parts = (last.content?.parts ?? []).flatMap((part) => toList(convertPart(part)));
  if (parts.length === 0) return undefined;
  return userMessage({
    parts,
    taskId: metadataString(callEvent, A2aMetadataKey.taskId),
    contextId: metadataString(callEvent, A2aMetadataKey.contextId),
  });
}

/**
 * The parts to send for a new turn and the context id to send them in
 * (Python `_construct_message_parts_from_session`): every event after this
 * agent's latest one (the remote side has the earlier ones), other agents'
 * events rewritten as `For context:` user text; the context id is the one
 * stamped on this agent's latest event.
 */
export function messagePartsFromSession({
  agentName,
  events,
  convertPart,
}: {
  agentName: string;
  events: readonly Event[];
  convertPart: GenaiPartToA2aPartConverter;
}): { parts: A2aPart[]; contextId: string } {
  let start = events.length;
  let contextId = '';
  while (start > 0) {
    const event = events[start - 1]!;
    if (event.author === agentName) {
      contextId = metadataString(event, A2aMetadataKey.contextId);
      break;
    }
    start--;
  }
  const parts: A2aPart[] = [];
  for (const event of presentEvents(events.slice(start), agentName)) {
    for (const part of event.content?.parts ?? []) parts.push(...toList(convertPart(part)));
  }
  return { parts, contextId };
}
