import type { Event } from '../../events/event.js';
import { ScopedEventScan } from '../../events/scoped-event-scan.js';
import type { Content } from '../../types/index.js';
import { deepClone } from '../../utils/deep-clone.js';
import { pythonJsonDumps } from '../../utils/python-json.js';

/*
 * Isolation scopes in the model's history (ADK 2.x, Python
 * `_should_include_event_in_context` and `_build_task_input_user_content`):
 * an agent sees only the events whose scope is exactly its own, so an
 * unscoped chat agent sees only unscoped events and a task agent only the
 * events of its task.
 */

/** The text a single-turn agent's first turn ends with: no user replies will come. */
export const SINGLE_TURN_NUDGE =
  'Important: You will not receive any user replies or clarifications.' +
  ' Complete the task using only the information provided above.';

/**
 * The events an agent running in `scope` may see: those whose
 * `isolationScope` is exactly `scope` (both unset counts as equal). Returns
 * `events` itself when every event qualifies, so the common unscoped
 * history costs no copy, and, with no scoped event in the session, no scan
 * beyond the events appended since the invocation's previous request
 * (`scan`, the invocation's; without one, the whole history is read).
 */
export function eventsInIsolationScope(
  events: readonly Event[],
  scope: string | undefined,
  scan: ScopedEventScan = new ScopedEventScan(),
): readonly Event[] {
  if (scope === undefined && !scan.hasScopedEvents(events)) return events;
  let first = 0;
  while (first < events.length && sameScope(events[first]!, scope)) first++;
  if (first === events.length) return events;
  const kept = events.slice(0, first);
  for (let index = first + 1; index < events.length; index++) {
    const event = events[index]!;
    if (sameScope(event, scope)) kept.push(event);
  }
  return kept;
}

function sameScope(event: Event, scope: string | undefined): boolean {
  // A stored event may carry null for an unset scope.
  return (event.isolationScope ?? undefined) === scope;
}

/**
 * The first user turn of a scoped agent (Python
 * `_build_task_input_user_content`), searched in the whole session because
 * the scope filter hides it:
 * 1. the function call whose id is the scope (the delegation), with
 *    arguments: its arguments as Python's `json.dumps` writes them;
 * 2. else, for a scope `<name>@<invocationId>`, the parts of that
 *    invocation's user message (one without function responses);
 * 3. else the parts of `userContent` (a workflow node's input).
 *
 * A single-turn agent's turn ends with `SINGLE_TURN_NUDGE`. Undefined when
 * no source has content.
 */
export function taskInputContent(
  events: readonly Event[],
  scope: string,
  options: { isSingleTurn?: boolean; userContent?: Content | undefined } = {},
): Content | undefined {
  const withNudge = (parts: Content['parts']): Content => ({
    role: 'user',
    parts: [...(parts ?? []), ...(options.isSingleTurn ? [{ text: SINGLE_TURN_NUDGE }] : [])],
  });
  for (const event of events) {
    for (const part of event.content?.parts ?? []) {
      const call = part.functionCall;
      if (call?.id === scope && call.args && Object.keys(call.args).length > 0) {
        return withNudge([{ text: pythonJsonDumps(call.args, { ensureAscii: false }) }]);
      }
    }
  }
  const at = scope.lastIndexOf('@');
  if (at >= 0) {
    const invocationId = scope.slice(at + 1);
    for (const event of events) {
      const parts = event.content?.parts;
      if (
        event.invocationId === invocationId &&
        event.author === 'user' &&
        parts?.length &&
        !parts.some((part) => part.functionResponse)
      ) {
        return withNudge(parts.map((part) => deepClone(part)));
      }
    }
  }
  const inputParts = options.userContent?.parts;
  if (inputParts?.length) return withNudge(inputParts.map((part) => deepClone(part)));
  return undefined;
}
