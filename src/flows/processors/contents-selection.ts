import type { Event } from '../../events/event.js';
import type { Part } from '../../types/index.js';
import {
  REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
  REQUEST_EUC_FUNCTION_CALL_NAME,
} from '../functions.js';
import type { HistoryEvent } from './contents-history-event.js';

/*
 * Steps 1 and 2 of building the model's history (spec 000 §4.1, §4.3): which
 * session events the model may see.
 */

/** The function the framework calls to ask the user for input (workflow HITL). */
const REQUEST_INPUT_FUNCTION_CALL_NAME = 'adk_request_input';
/** The function name of the framework's own bookkeeping calls. */
const ADK_FRAMEWORK_FUNCTION_CALL_NAME = 'adk_framework';

/** The events in context, and what the later steps of `getContents` will have to do. */
export interface ContextScan {
  events: Event[];
  /** Some scanned event rewinds (its annulled events are already dropped from `events`). */
  hasRewind: boolean;
  /** Some event in context carries a compaction. */
  hasCompaction: boolean;
  /** Some event in context has no content (an audio transcription). */
  hasTranscription: boolean;
  /** Some event in context is another agent's. */
  hasOtherAgent: boolean;
}

/**
 * Steps 1 and 2 of `getContents` (rewound events dropped, then
 * `shouldIncludeEventInContext`) in one pass over `events` from `start`,
 * noting whether step 3 or the presentation of steps 4–5 has anything to do.
 */
export function selectEventsInContext(
  currentBranch: string | undefined,
  events: readonly Event[],
  agentName: string,
  start = 0,
): ContextScan {
  let source: readonly Event[] = events;
  let hasRewind = false;
  // The same backward walk as dropRewoundEvents; only a history with a rewind needs it.
  for (let index = events.length - 1; index >= start; index--) {
    if (events[index]!.actions.rewindBeforeInvocationId) {
      hasRewind = true;
      source = dropRewoundEvents(start === 0 ? events : events.slice(start));
      start = 0;
      break;
    }
  }
  const kept: Event[] = [];
  let hasCompaction = false;
  let hasTranscription = false;
  let hasOtherAgent = false;
  for (let index = start; index < source.length; index++) {
    const event = source[index]!;
    if (!shouldIncludeEventInContext(currentBranch, event)) continue;
    kept.push(event);
    // A summary usually has no content of its own: it is no transcription.
    if (event.actions.compaction) hasCompaction = true;
    else if (!event.content) hasTranscription = true;
    else if (isOtherAgentReply(agentName, event)) hasOtherAgent = true;
  }
  return { events: kept, hasRewind, hasCompaction, hasTranscription, hasOtherAgent };
}

/**
 * Drops the events a rewind annulled. Walking backwards, a rewind event
 * skips everything from the first event of the invocation it names up to
 * itself; a rewind naming no earlier invocation skips only itself.
 */
function dropRewoundEvents(events: readonly Event[]): Event[] {
  let firstIndexOfInvocation: Map<string, number> | undefined;
  const kept: Event[] = [];
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index]!;
    const rewindTo = event.actions.rewindBeforeInvocationId;
    if (!rewindTo) {
      kept.push(event);
      continue;
    }
    firstIndexOfInvocation ??= indexFirstEvents(events);
    const first = firstIndexOfInvocation.get(rewindTo);
    if (first !== undefined && first < index) index = first;
  }
  return kept.reverse();
}

function indexFirstEvents(events: readonly Event[]): Map<string, number> {
  const firstIndex = new Map<string, number>();
  events.forEach((event, index) => {
    if (!firstIndex.has(event.invocationId)) firstIndex.set(event.invocationId, index);
  });
  return firstIndex;
}

/** Python `_should_include_event_in_context`. */
export function shouldIncludeEventInContext(
  currentBranch: string | undefined,
  event: Event,
): boolean {
  return !(
    containsEmptyContent(event) ||
    !isEventInBranch(currentBranch, event) ||
    callsFrameworkFunction(event)
  );
}

/** The framework's own functions, whose calls and responses the model never sees. */
const FRAMEWORK_FUNCTION_NAMES: ReadonlySet<unknown> = new Set([
  ADK_FRAMEWORK_FUNCTION_CALL_NAME,
  REQUEST_EUC_FUNCTION_CALL_NAME,
  REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
  REQUEST_INPUT_FUNCTION_CALL_NAME,
]);

/** Whether a part calls, or answers, one of the framework's functions. */
function callsFrameworkFunction(event: HistoryEvent): boolean {
  for (const part of event.content?.parts ?? []) {
    const call = part.functionCall;
    if (call && FRAMEWORK_FUNCTION_NAMES.has(call.name)) return true;
    const response = part.functionResponse;
    if (response && FRAMEWORK_FUNCTION_NAMES.has(response.name)) return true;
  }
  return false;
}

/**
 * Whether the event has nothing for the model (spec 000 §4.3): no content,
 * role or parts, or only invisible parts, and no transcription. Compaction
 * events are never empty.
 */
function containsEmptyContent(event: Event): boolean {
  if (event.actions.compaction) return false;
  const content = event.content;
  const noContent =
    !content || !content.role || !content.parts?.length || content.parts.every(isPartInvisible);
  return noContent && !event.outputTranscription && !event.inputTranscription;
}

/**
 * Function calls and responses are always visible, even marked as thoughts;
 * any other part is invisible when it is a thought or holds no text, inline
 * or file data, code or code result.
 */
function isPartInvisible(part: Part): boolean {
  if (part.functionCall || part.functionResponse) return false;
  return Boolean(
    part.thought ||
    !(
      part.text ||
      part.inlineData ||
      part.fileData ||
      part.executableCode ||
      part.codeExecutionResult
    ),
  );
}

/**
 * Whether the event is visible from `currentBranch`: always when either side
 * has no branch; otherwise when the event's branch is the current one or an
 * ancestor of it. The `.` separator is required, so `a.b` does not see `a.bc`.
 */
function isEventInBranch(currentBranch: string | undefined, event: HistoryEvent): boolean {
  if (!currentBranch || !event.branch) return true;
  return currentBranch === event.branch || currentBranch.startsWith(`${event.branch}.`);
}

/** Whether the event is another agent's (not the user's, not `agentName`'s); never with an empty `agentName`. */
export function isOtherAgentReply(agentName: string, event: HistoryEvent): boolean {
  return Boolean(agentName) && event.author !== agentName && event.author !== 'user';
}
