import { UnmatchedFunctionResponseError } from '../../errors/unmatched-function-response-error.js';
import {
  getFunctionCalls,
  getFunctionResponses,
  hasFunctionResponses,
} from '../../events/event-predicates.js';
import { pythonRepr } from '../../utils/python-repr.js';
import type { Part } from '../../types/index.js';
import type { HistoryEvent } from './contents-history-event.js';

/*
 * Step 6 of building the model's history (spec 000 §4.1, §4.4): function
 * responses are moved next to the calls they answer.
 */
/**
 * When the last event holds function responses that the event before it did
 * not call (an asynchronous or long-running result), finds the event that
 * made those calls, drops everything after it, and puts there one event
 * merging the earlier responses to its calls with the last one (Python
 * `_rearrange_events_for_latest_function_response`).
 */
export function rearrangeEventsForLatestFunctionResponse(events: HistoryEvent[]): HistoryEvent[] {
  if (events.length < 2) return events;
  const latest = events[events.length - 1]!;
  if (!hasFunctionResponses(latest) || answersAnyCallOf(latest, events[events.length - 2]!)) {
    return events;
  }
  let responseIds = new Set(getFunctionResponses(latest).map((response) => response.id));

  // Python keeps scanning after a match, with the id set widened to all the
  // calls of the matched event, so an earlier event calling one of those ids
  // wins (or fails the check); kept for identical results.
  let callEventIndex = -1;
  for (let index = events.length - 2; index >= 0; index--) {
    const calls = getFunctionCalls(events[index]!);
    if (!calls.some((call) => responseIds.has(call.id))) continue;
    callEventIndex = index;
    const callIds = new Set(calls.map((call) => call.id));
    if (![...responseIds].every((id) => callIds.has(id))) {
      throw new UnmatchedFunctionResponseError({
        message:
          'Last response event should only contain the responses for the function calls in ' +
          `the same function call event. Function call ids found : ${pythonRepr(callIds)}, ` +
          `function response ids provided: ${pythonRepr(responseIds)}`,
        functionResponseIds: [...responseIds],
        functionCallIds: [...callIds],
      });
    }
    responseIds = callIds;
  }
  if (callEventIndex === -1) {
    throw new UnmatchedFunctionResponseError({
      message: `No function call event found for function responses ids: ${pythonRepr(responseIds)}`,
      functionResponseIds: [...responseIds],
    });
  }

  const responseEvents: HistoryEvent[] = [];
  for (let index = callEventIndex + 1; index < events.length - 1; index++) {
    const event = events[index]!;
    if (
      event.content?.parts?.some(
        (part) => part.functionResponse && responseIds.has(part.functionResponse.id),
      )
    ) {
      responseEvents.push(event);
    }
  }
  responseEvents.push(latest);
  const result = events.slice(0, callEventIndex + 1);
  result.push(mergeFunctionResponseEvents(responseEvents));
  return result;
}

/**
 * Puts after every function-call event the events answering its calls (the
 * latest response event per call id; several events merged in session
 * order), and drops response events from where they were (Python
 * `_rearrange_events_for_async_function_responses_in_history`). Responses
 * no call in `events` asked for are dropped.
 */
export function rearrangeEventsForAsyncFunctionResponsesInHistory(
  events: readonly HistoryEvent[],
): HistoryEvent[] {
  if (events.length <= MAX_ARRANGED_CHECK && isArranged(events)) return events.slice();
  // The latest event answering each call id, and which events hold responses.
  const responseEventIndexById = new Map<string | undefined, number>();
  let holdsResponse: boolean[] | undefined;
  for (let index = 0; index < events.length; index++) {
    for (const part of events[index]!.content?.parts ?? []) {
      const response = part.functionResponse;
      if (!response) continue;
      responseEventIndexById.set(response.id, index);
      (holdsResponse ??= [])[index] = true;
    }
  }
  if (!holdsResponse) return events.slice();
  const result: HistoryEvent[] = [];
  for (let index = 0; index < events.length; index++) {
    const event = events[index]!;
    if (holdsResponse[index]) continue;
    result.push(event);
    // The distinct events answering this event's calls: usually one.
    let single = -1;
    let several: Set<number> | undefined;
    for (const part of event.content?.parts ?? []) {
      const call = part.functionCall;
      if (!call) continue;
      const responseIndex = responseEventIndexById.get(call.id);
      if (responseIndex === undefined || responseIndex === single) continue;
      if (single === -1) single = responseIndex;
      else (several ??= new Set([single])).add(responseIndex);
    }
    if (several) {
      const ordered = [...several].sort((a, b) => a - b);
      result.push(mergeFunctionResponseEvents(ordered.map((at) => events[at]!)));
    } else if (single !== -1) {
      result.push(events[single]!);
    }
  }
  return result;
}

/**
 * Merges response events into a copy of the first (spec 000 §4.4): a later
 * response replaces the part answering the same call id, a response to a
 * new id is appended, and every other part is appended.
 */
function mergeFunctionResponseEvents(events: readonly HistoryEvent[]): HistoryEvent {
  const [first, ...rest] = events;
  const parts = [...(first?.content?.parts ?? [])];
  if (!first || parts.length === 0) throw missingResponsePart();
  const partIndexById = new Map<string | undefined, number>();
  parts.forEach((part, index) => {
    if (part.functionResponse) partIndexById.set(part.functionResponse.id, index);
  });
  for (const event of rest) {
    const eventParts = event.content?.parts;
    if (!eventParts?.length) throw missingResponsePart();
    for (const part of eventParts) {
      if (!part.functionResponse) {
        parts.push(part);
        continue;
      }
      const id = part.functionResponse.id;
      const at = partIndexById.get(id);
      if (at !== undefined) {
        parts[at] = part;
      } else {
        parts.push(part);
        partIndexById.set(id, parts.length - 1);
      }
    }
  }
  return { ...first, content: { ...first.content, parts } };
}

function missingResponsePart(): UnmatchedFunctionResponseError {
  return new UnmatchedFunctionResponseError({
    message: 'There should be at least one function_response part.',
    functionResponseIds: [],
  });
}

/** True when a function response of `latest` answers a function call of `previous`. */
function answersAnyCallOf(latest: HistoryEvent, previous: HistoryEvent): boolean {
  for (const part of latest.content?.parts ?? []) {
    if (part.functionResponse && callsId(previous, part.functionResponse.id)) return true;
  }
  return false;
}

/*
 * The history the model usually gets is arranged already: each response
 * event follows the event whose calls it answers. `isArranged` recognises
 * that without maps or lists, for the short runs of events an incremental
 * build adds; the rearrangement leaves such a history as it is.
 */

/** Histories longer than this go through the rearrangement itself. */
const MAX_ARRANGED_CHECK = 16;

/**
 * True when rearranging `events` changes nothing: every event holding
 * function responses holds no call and answers only calls of the event
 * before it, and no id is called twice. Then each id's answers are in the
 * event right after its call, which is where the rearrangement puts them.
 */
function isArranged(events: readonly HistoryEvent[]): boolean {
  for (let index = 0; index < events.length; index++) {
    const parts = events[index]!.content?.parts;
    if (!parts) continue;
    let responds = false;
    let calls = false;
    for (const part of parts) {
      const response = part.functionResponse;
      const call = part.functionCall;
      if (response) {
        responds = true;
        if (index === 0 || !callsId(events[index - 1]!, response.id)) return false;
      } else if (call) {
        calls = true;
        if (isCalledLater(events, index, part, call.id)) return false;
      }
    }
    if (responds && calls) return false;
  }
  return true;
}

function callsId(event: HistoryEvent, id: string | undefined): boolean {
  for (const part of event.content?.parts ?? []) {
    if (part.functionCall && part.functionCall.id === id) return true;
  }
  return false;
}

/** True when a function call after `part` (in its event, or in a later one) has the same id. */
function isCalledLater(
  events: readonly HistoryEvent[],
  index: number,
  part: Part,
  id: string | undefined,
): boolean {
  let seen = false;
  for (let at = index; at < events.length; at++) {
    for (const other of events[at]!.content?.parts ?? []) {
      if (!seen) {
        seen = other === part;
        continue;
      }
      if (other.functionCall && other.functionCall.id === id) return true;
    }
  }
  return false;
}
