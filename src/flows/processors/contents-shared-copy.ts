import type { Content, Part } from '../../types/index.js';
import { deepClone } from '../../utils/deep-clone.js';
import { deepFreeze, isFrozenThrough } from '../../utils/deep-freeze.js';
import { CLIENT_FUNCTION_CALL_ID_PREFIX } from '../../utils/ids.js';
import { cloneContentWithoutClientIds } from './contents-clone.js';

/**
 * The model-ready copies of one event's content, built once and shared by
 * every later request: `source` is the content they were made from, and a
 * copy is only valid while the event still holds that content.
 */
interface ContentCopies {
  source: Content;
  withIds?: Content | undefined;
  withoutIds?: Content | undefined;
}

/**
 * The copies made for each event (a session event or one the history
 * pipeline derived), as long as the event lives.
 */
const copiesByEvent = new WeakMap<object, ContentCopies>();

/**
 * The copy of `content` a request carries, made once per event and shared by
 * every request after: deep-copied, client ids removed unless `keepIds`, and
 * deep-frozen, so no request, callback or model can change the history
 * through it (code that edits request contents replaces them instead).
 * Committed events are not edited afterwards; a new `content` object on the
 * event makes a new copy. A content frozen through (`isFrozenThrough`, as
 * the session store deep-freezes events) needs no copy: it is shared as it
 * is, or, when client ids must go, rebuilt around the frozen parts that keep
 * none.
 */
export function sharedContent(event: object, content: Content, keepIds: boolean): Content {
  const frozenSource = isFrozenThrough(content);
  if (frozenSource && (keepIds || !holdsClientId(content))) return content;
  let copies = copiesByEvent.get(event);
  // A content replaced on the event since the copies were made makes them stale.
  if (copies?.source !== content) {
    copies = { source: content, withIds: undefined, withoutIds: undefined };
    copiesByEvent.set(event, copies);
  }
  if (keepIds) return (copies.withIds ??= deepFreeze(deepClone(content)));
  return (copies.withoutIds ??= frozenSource
    ? withoutClientIdsSharing(content)
    : deepFreeze(cloneContentWithoutClientIds(content)));
}

function isClientId(id: unknown): boolean {
  return typeof id === 'string' && id.startsWith(CLIENT_FUNCTION_CALL_ID_PREFIX);
}

function holdsClientId(content: Content): boolean {
  for (const part of content.parts ?? []) {
    if (isClientId(part.functionCall?.id) || isClientId(part.functionResponse?.id)) return true;
  }
  return false;
}

/**
 * `content` without client ids, for a deep-frozen content: only the objects
 * on the way to a removed id are new (and frozen); everything else is the
 * frozen original.
 */
function withoutClientIdsSharing(content: Content): Content {
  const parts = (content.parts ?? []).map((part): Part => {
    const call = part.functionCall;
    const response = part.functionResponse;
    const dropCallId = call !== undefined && isClientId(call.id);
    const dropResponseId = response !== undefined && isClientId(response.id);
    if (!dropCallId && !dropResponseId) return part;
    const copy: Part = { ...part };
    if (dropCallId) copy.functionCall = Object.freeze(omitId(call));
    if (dropResponseId) copy.functionResponse = Object.freeze(omitId(response));
    return Object.freeze(copy);
  });
  return Object.freeze({ ...content, parts: Object.freeze(parts) as Part[] });
}

function omitId<T extends { id?: string }>(value: T): Omit<T, 'id'> {
  const { id: _id, ...rest } = value;
  return rest;
}
