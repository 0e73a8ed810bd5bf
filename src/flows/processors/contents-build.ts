import type { Event } from '../../events/event.js';
import type { Content } from '../../types/index.js';
import { isFrozenThrough } from '../../utils/deep-freeze.js';
import type { HistoryEvent } from './contents-history-event.js';
import { recoverCompactedFunctionCalls } from './contents-compaction-recovery.js';
import { applyCompaction, presentEvents } from './contents-presentation.js';
import {
  rearrangeEventsForAsyncFunctionResponsesInHistory,
  rearrangeEventsForLatestFunctionResponse,
} from './contents-rearrange.js';
import { selectEventsInContext, type ContextScan } from './contents-selection.js';
import { sharedContent } from './contents-shared-copy.js';

/*
 * Building the model's history without redoing the whole history on every
 * call (issue 3: per-turn work independent of history length).
 *
 * Every step of `getContents` works event by event except the two function
 * response rearrangements, which pair responses with calls by id across the
 * history. So the contents of a history prefix stay the contents of that
 * prefix when events are appended, as long as
 *   1. the build is for the same agent, branch and id policy (the prefix's
 *      key; `includeContents: 'none'` builds a slice and remembers nothing);
 *   2. the history is the prefix's history with events appended: its first
 *      `eventCount` events are, by identity, the ones the prefix was built
 *      from (same session, nothing removed, replaced or reordered);
 *   3. none of those events changed since: every one was frozen through
 *      when it was added (`isFrozenThrough`, as the in-memory store hands
 *      them out), so nothing the build read from it can have;
 *   4. the prefix's own result did not depend on being the end of the
 *      history (the latest-response rearrangement left it as it was);
 *   5. the new events share no function-call or response id with the prefix
 *      (no late answer to an old call, no reused id);
 *   6. and neither side needs a history-wide step: rewinds, compaction and
 *      transcription runs; except that a prefix with compaction summaries is
 *      extended by new events (none a summary) whose timestamps are after
 *      every timestamp the prefix's build saw and in order, since the
 *      compaction step keeps such events and sorts them last, as they are.
 * A finished build that meets 3, 4 and 6 is remembered as a prefix, keyed by
 * its last event (session services hand out the same frozen event objects on
 * every read); the next build looks back a few events for one under its key
 * (1), checks 2 (`coversStartOf`), then 3, 5 and 6 on the new events only
 * (`extendPrefix`), and builds just those. Anything else builds from scratch,
 * which is always the reference result.
 */

/** How far back from the end a build looks for a remembered prefix. */
const MAX_NEW_EVENTS = 64;

/** What a remembered prefix holds. */
interface Prefix {
  /** The history it was built from (a copy of the list, as long as `eventCount`). */
  readonly events: readonly Event[];
  readonly eventCount: number;
  /**
   * Its contents are `contents[0, contentCount)`. The array is shared by the
   * prefixes that extend one another and only ever appended to, so
   * remembering one prefix per call costs no copy.
   */
  readonly contents: Content[];
  readonly contentCount: number;
  /**
   * Function-call and response ids of the events in context, mapped to the
   * index of the first event that carries them; shared and appended to like
   * `contents`. An id belongs to this prefix when its index < `eventCount`.
   */
  readonly ids: Map<string | undefined, number>;
  /**
   * For a history with compaction, the latest timestamp its build saw (the
   * events in context and the ends of the compacted ranges): events after it
   * are neither compacted nor sorted before anything, so they extend the
   * prefix as they would any history. Undefined without compaction.
   */
  readonly compactionFloor: number | undefined;
}

/**
 * The prefixes remembered at one event (the last of the history each
 * covers), by key: the first key's in two fields (usually the only one: one
 * agent, one branch), any other key's in a map.
 */
interface PrefixSlot {
  key: string | undefined;
  prefix: Prefix | undefined;
  others: Map<string, Prefix> | undefined;
}

/** The prefix slot of each event that ends a remembered prefix; an entry lives as long as its event. */
const prefixSlots = new WeakMap<Event, PrefixSlot>();

function prefixAt(event: Event, key: string): Prefix | undefined {
  const slot = prefixSlots.get(event);
  if (!slot) return undefined;
  return slot.key === key ? slot.prefix : slot.others?.get(key);
}

/**
 * The contents of `events` as `getContents` defines them, reusing the
 * remembered contents of a prefix when that gives the same result.
 * `remember` false builds from scratch and remembers nothing (for slices of
 * a history, such as the current turn).
 */
export function buildContents(
  currentBranch: string | undefined,
  events: readonly Event[],
  agentName: string,
  keepIds: boolean,
  remember: boolean,
): Content[] {
  if (!remember || events.length === 0) {
    return buildFromScratch(currentBranch, events, agentName, keepIds, undefined);
  }
  const key = `${keepIds ? '1' : '0'}${agentName}\u0000${currentBranch ?? ''}`;
  const prefix = findPrefix(events, key);
  if (prefix) {
    const built = extendPrefix(prefix, currentBranch, events, agentName, keepIds, key);
    if (built) return built;
  }
  return buildFromScratch(currentBranch, events, agentName, keepIds, key);
}

function findPrefix(events: readonly Event[], key: string): Prefix | undefined {
  const stop = Math.max(0, events.length - MAX_NEW_EVENTS);
  for (let index = events.length - 1; index >= stop; index--) {
    const prefix = prefixAt(events[index]!, key);
    if (prefix) {
      return prefix.eventCount === index + 1 && coversStartOf(prefix, events) ? prefix : undefined;
    }
  }
  return undefined;
}

/** Condition 2: `events` starts with the very events the prefix was built from. */
function coversStartOf(prefix: Prefix, events: readonly Event[]): boolean {
  for (let index = prefix.eventCount - 1; index >= 0; index--) {
    if (events[index] !== prefix.events[index]) return false;
  }
  return true;
}

/** Condition 3 for the events from `start` on. */
function allFrozenThrough(events: readonly Event[], start: number): boolean {
  for (let index = start; index < events.length; index++) {
    if (!isFrozenThrough(events[index])) return false;
  }
  return true;
}

function buildFromScratch(
  currentBranch: string | undefined,
  events: readonly Event[],
  agentName: string,
  keepIds: boolean,
  key: string | undefined,
): Content[] {
  // One pass picks the events in context and notes which of the rarer steps
  // (compaction, transcriptions, other agents' events) the history needs, so
  // the usual history goes through filter, rearrangement and copy only.
  const scan = selectEventsInContext(currentBranch, events, agentName);
  const inContext = scan.events;
  // A summary may swallow a call whose response survived it: the call is put back.
  const compacted = scan.hasCompaction
    ? recoverCompactedFunctionCalls(applyCompaction(inContext, agentName), inContext)
    : inContext;
  const presented =
    scan.hasCompaction || scan.hasTranscription || scan.hasOtherAgent
      ? presentEvents(compacted, agentName)
      : compacted;
  const latestArranged = rearrangeEventsForLatestFunctionResponse(presented);
  const contents = copyContents(
    rearrangeEventsForAsyncFunctionResponsesInHistory(latestArranged),
    keepIds,
    [],
  );
  if (
    key !== undefined &&
    latestArranged === presented &&
    !scan.hasRewind &&
    !scan.hasTranscription &&
    allFrozenThrough(events, 0)
  ) {
    const ids = new Map<string | undefined, number>();
    // Indexes of the kept events are not looked up here; 0 places every id in the prefix.
    addIds(scan.events, undefined, 0, ids);
    remember(events, key, {
      events: events.slice(),
      eventCount: events.length,
      contents: contents.slice(),
      contentCount: contents.length,
      ids,
      compactionFloor: scan.hasCompaction ? latestTimestamp(inContext, undefined) : undefined,
    });
  }
  return contents;
}

/**
 * The contents of `events` built from `prefix` and the events after it, or
 * undefined when the new events need a build from scratch.
 */
function extendPrefix(
  prefix: Prefix,
  currentBranch: string | undefined,
  events: readonly Event[],
  agentName: string,
  keepIds: boolean,
  key: string,
): Content[] | undefined {
  const start = prefix.eventCount;
  if (!allFrozenThrough(events, start)) return undefined;
  const scan: ContextScan = selectEventsInContext(currentBranch, events, agentName, start);
  if (scan.hasRewind || scan.hasCompaction || scan.hasTranscription) return undefined;
  const added = scan.events;
  if (prefix.compactionFloor !== undefined && !allAfter(added, prefix.compactionFloor)) {
    return undefined;
  }
  if (sharesIdWithPrefix(added, prefix)) return undefined;
  // Alone, a trailing response would skip the latest-response check that
  // the whole history gets; the whole history decides (and raises).
  if (added.length === 1 && hasFunctionResponse(added[0]!)) return undefined;

  const presented = scan.hasOtherAgent ? presentEvents(added, agentName) : added;
  const latestArranged = rearrangeEventsForLatestFunctionResponse(presented);
  const addedContents = copyContents(
    rearrangeEventsForAsyncFunctionResponsesInHistory(latestArranged),
    keepIds,
    [],
  );
  const remembers = latestArranged === presented && events.length > start;
  // The shared arrays are extended in place unless another history already did.
  const owned = prefix.contents.length === prefix.contentCount;
  let contents: Content[];
  if (remembers && owned) {
    for (const content of addedContents) prefix.contents.push(content);
    contents = prefix.contents.slice();
  } else {
    contents = prefix.contents.slice(0, prefix.contentCount).concat(addedContents);
  }

  if (remembers) {
    const shared = owned ? prefix.contents : contents.slice();
    const ids = owned ? prefix.ids : new Map(prefix.ids);
    // The shorter prefix is superseded; forgetting it keeps one entry per history.
    if (owned) forget(events[start - 1]!, key);
    addIds(added, events, start, ids);
    remember(events, key, {
      events: events.slice(),
      eventCount: events.length,
      contents: shared,
      contentCount: contents.length,
      ids,
      compactionFloor:
        prefix.compactionFloor === undefined
          ? undefined
          : latestTimestamp(added, prefix.compactionFloor),
    });
  }
  return contents;
}

/** The latest event timestamp or compacted-range end among `events`, and `floor`. */
function latestTimestamp(events: readonly Event[], floor: number | undefined): number {
  let latest = floor ?? -Infinity;
  for (const event of events) {
    latest = Math.max(latest, event.actions.compaction?.endTimestamp ?? latest, event.timestamp);
  }
  return latest;
}

/** True when the timestamps of `events` are all after `floor` and in order. */
function allAfter(events: readonly Event[], floor: number): boolean {
  let previous = floor;
  for (const event of events) {
    if (!(event.timestamp > previous)) return false;
    previous = event.timestamp;
  }
  return true;
}

function sharesIdWithPrefix(added: readonly Event[], prefix: Prefix): boolean {
  for (const event of added) {
    for (const part of event.content?.parts ?? []) {
      const call = part.functionCall;
      const response = part.functionResponse;
      if (!call && !response) continue;
      const firstIndex = prefix.ids.get(call ? call.id : response!.id);
      if (firstIndex !== undefined && firstIndex < prefix.eventCount) return true;
    }
  }
  return false;
}

function hasFunctionResponse(event: Event): boolean {
  return event.content?.parts?.some((part) => part.functionResponse) === true;
}

/**
 * Adds the function-call and response ids of `added` (events of `history`
 * from `start` on, in order) to `ids`, each at the index in `history` of the
 * first event carrying it; without `history`, at index 0.
 */
function addIds(
  added: readonly Event[],
  history: readonly Event[] | undefined,
  start: number,
  ids: Map<string | undefined, number>,
): void {
  let cursor = start;
  for (const event of added) {
    const parts = event.content?.parts;
    if (!parts) continue;
    let index: number | undefined;
    for (const part of parts) {
      const call = part.functionCall;
      const response = part.functionResponse;
      if (!call && !response) continue;
      const id = call ? call.id : response!.id;
      if (ids.has(id)) continue;
      if (index === undefined) {
        if (history) while (history[cursor] !== event) cursor++;
        index = cursor;
      }
      // The first index is kept: an id seen again later still belongs to the earlier prefix.
      ids.set(id, index);
    }
  }
}

function remember(events: readonly Event[], key: string, prefix: Prefix): void {
  const lastEvent = events[events.length - 1]!;
  let slot = prefixSlots.get(lastEvent);
  if (!slot) {
    slot = { key: undefined, prefix: undefined, others: undefined };
    prefixSlots.set(lastEvent, slot);
  }
  if (slot.key === undefined || slot.key === key) {
    slot.key = key;
    slot.prefix = prefix;
    // A key lives in one place: an older entry in the map (from when the fields held another key) goes.
    if (slot.others?.delete(key) && slot.others.size === 0) slot.others = undefined;
  } else {
    (slot.others ??= new Map()).set(key, prefix);
  }
}

function forget(lastEvent: Event, key: string): void {
  const slot = prefixSlots.get(lastEvent);
  if (!slot) return;
  if (slot.key === key) {
    slot.key = undefined;
    slot.prefix = undefined;
  } else if (slot.others?.delete(key) && slot.others.size === 0) {
    slot.others = undefined;
  }
  if (slot.key === undefined && slot.others === undefined) prefixSlots.delete(lastEvent);
}

function copyContents(
  events: readonly HistoryEvent[],
  keepIds: boolean,
  into: Content[],
): Content[] {
  for (const event of events) {
    if (event.content) into.push(sharedContent(event.content, keepIds));
  }
  return into;
}
