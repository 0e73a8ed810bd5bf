import type { Content, Part } from '../../types/index.js';
import { deepClone } from '../../utils/deep-clone.js';
import { deepFreeze, derivedValues, isDeepFrozen } from '../../utils/deep-freeze.js';
import { CLIENT_FUNCTION_CALL_ID_PREFIX } from '../../utils/ids.js';
import { cloneContentWithoutClientIds } from './contents-clone.js';

/**
 * The model-ready copies of one event's content, built once and shared by
 * every later request, in the event's memo record (see `derivedValues`):
 * `contentSource` is the content they were made from.
 */
interface ContentCopies {
  contentSource?: Content | undefined;
  contentWithIds?: Content | undefined;
  contentWithoutIds?: Content | undefined;
}

/**
 * The copy of `content` a request carries, made once per event and shared by
 * every request after: deep-copied, client ids removed unless `keepIds`, and
 * deep-frozen, so no request, callback or model can change the history
 * through it (code that edits request contents replaces them instead).
 * Committed events are not edited afterwards; a new `content` object on the
 * event makes a new copy. An event the session store deep-froze (its
 * `content` unchanged) needs no copy: its content is shared as it is, or,
 * when client ids must go, rebuilt around the frozen parts that keep none.
 */
export function sharedContent(event: object, content: Content, keepIds: boolean): Content {
  const frozenSource = isDeepFrozen(event) && (event as { content?: unknown }).content === content;
  if (frozenSource && (keepIds || !holdsClientId(content))) return content;
  const copies = derivedValues(event) as ContentCopies;
  if (copies.contentSource !== content) {
    // Only a replaced content resets the copies: a first one adds no fields it does not use.
    if (copies.contentSource !== undefined) {
      copies.contentWithIds = undefined;
      copies.contentWithoutIds = undefined;
    }
    copies.contentSource = content;
  }
  if (keepIds) return (copies.contentWithIds ??= deepFreeze(deepClone(content)));
  return (copies.contentWithoutIds ??= frozenSource
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
