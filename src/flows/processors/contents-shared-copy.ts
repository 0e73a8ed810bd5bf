import type { Content, Part } from '../../types/index.js';
import { deepClone } from '../../utils/deep-clone.js';
import { deepFreeze, isFrozenThrough } from '../../utils/deep-freeze.js';
import { CLIENT_FUNCTION_CALL_ID_PREFIX } from '../../utils/ids.js';
import { cloneContentWithoutClientIds } from './contents-clone.js';

/*
 * The model-ready copies of each content, made once and shared by every
 * later request, keyed by the content they were made from: one map per id
 * policy. An entry lives as long as its content.
 */
const copiesWithIds = new WeakMap<Content, Content>();
const copiesWithoutIds = new WeakMap<Content, Content>();

/**
 * The copy of an event's `content` a request carries, made once per content
 * object and shared by every request after: deep-copied, client ids removed
 * unless `keepIds`, and deep-frozen, so no request, callback or model can
 * change the history through it (code that edits request contents replaces
 * them instead). Committed events are not edited afterwards; a new
 * `content` object on an event makes a new copy. A content frozen through
 * (`isFrozenThrough`, as the session store deep-freezes events) needs no
 * copy: it is shared as it is, or, when client ids must go, rebuilt around
 * the frozen parts that keep none.
 */
export function sharedContent(content: Content, keepIds: boolean): Content {
  const frozen = isFrozenThrough(content);
  if (frozen && (keepIds || !holdsClientId(content))) return content;
  const copies = keepIds ? copiesWithIds : copiesWithoutIds;
  let copy = copies.get(content);
  if (copy === undefined) {
    if (keepIds) copy = deepFreeze(deepClone(content));
    else
      copy = frozen
        ? withoutClientIdsSharing(content)
        : deepFreeze(cloneContentWithoutClientIds(content));
    copies.set(content, copy);
  }
  return copy;
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
