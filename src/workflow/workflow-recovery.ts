import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import type { RouteValue } from '../events/event-actions.js';
import { getOwn, setOwn } from '../utils/get-own.js';
import { firstReplayedEventIndex } from './first-replayed-event.js';
import { REQUEST_INPUT_FUNCTION_CALL_NAME } from './request-input-event.js';
import { validateResumeResponse } from './resume-response-schema.js';

/**
 * What the session's events say about one earlier run of a workflow's direct
 * child (Python `_ChildScanState`), keyed `<name>@<runId>` by
 * `recoverChildRuns`.
 */
export interface RecoveredRun {
  readonly runId: string;
  /** The run's output (its own output event, or a descendant's delegated to it). */
  output: unknown;
  route: RouteValue | RouteValue[] | undefined;
  branch: string | undefined;
  /** The run's last outcome was an error event of its own (`errorCode`), not an output. */
  failed: boolean;
  /** Long-running call ids raised by the run or its descendants. */
  interruptIds: Set<string>;
  /** Those of `interruptIds` raised by the run's own events. */
  directInterruptIds: Set<string>;
  /** The branch of each descendant's interrupt raised on one (a NodeTool's node runs on `<node>@<call id>`). */
  interruptBranches: Map<string, string>;
  /** Interrupt ids the user has answered. */
  resolvedIds: Set<string>;
  /** The answers, by interrupt id (`{result: x}` unwrapped). */
  resolvedResponses: Record<string, unknown>;
  /**
   * Where the run's last closing event (its output or route, own or
   * delegated) stands among all closing events scanned; undefined when it
   * has none. Orders the replay (`replaySequence`).
   */
  closedAt: number | undefined;
}

/**
 * Rebuilds, from the session's events, the runs of the direct children of the workflow
 * run at `basePath` (Python `_reconstruct_node_states` with
 * `group_by_direct_child`): each child's output, route, branch, failure and
 * interrupts, and the user's function responses that answer them. Only the
 * events of `invocationIds` count (the invocations being resumed; a later
 * one's record of a run wins), except user events, which count whenever they
 * answer a recorded interrupt. Reading starts at the first event of
 * `invocationIds`: an answer never comes before the call it answers.
 */
export function recoverChildRuns(
  invocation: Pick<InvocationContext, 'session' | 'invocationId' | 'startEventId'>,
  basePath: string,
  invocationIds: ReadonlySet<string>,
): Map<string, RecoveredRun> {
  const runs = new Map<string, RecoveredRun>();
  const owners = new Map<string, RecoveredRun>();
  const schemas = new Map<string, unknown>();
  const prefix = `${basePath}/`;
  const events = invocation.session.events;
  let closings = 0;
  for (
    let index = firstReplayedEventIndex(invocation, invocationIds);
    index < events.length;
    index++
  ) {
    const event = events[index]!;
    if (event.author === 'user') {
      recordAnswers(event, owners, schemas);
      continue;
    }
    if (!invocationIds.has(event.invocationId)) continue;
    const path = event.nodeInfo?.path ?? '';
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const slash = rest.indexOf('/');
    const segment = slash < 0 ? rest : rest.slice(0, slash);
    const at = segment.lastIndexOf('@');
    if (at <= 0) continue;
    let run = runs.get(segment);
    if (!run) {
      run = emptyRun(segment.slice(at + 1));
      runs.set(segment, run);
    }
    const direct = slash < 0;
    const childPath = `${prefix}${segment}`;
    const hasOutput = event.output !== undefined && event.output !== null;
    const delegated = hasOutput && (event.nodeInfo?.outputFor ?? []).includes(childPath);
    if (direct || delegated) {
      if (hasOutput) {
        run.output = event.output;
        run.branch = event.branch;
      } else if (event.nodeInfo?.messageAsOutput) {
        run.output = textOutput(event);
      }
      if (event.actions.route !== undefined) run.route = event.actions.route;
    }
    // A failed attempt followed by a successful retry is no failure.
    if (direct && event.errorCode !== undefined) run.failed = true;
    else if (direct && (hasOutput || event.actions.route !== undefined)) run.failed = false;
    // A run closes with its output or route (an interrupted run has not finished).
    const closes =
      (direct || delegated) &&
      (hasOutput || event.nodeInfo?.messageAsOutput === true || event.actions.route !== undefined);
    if (closes) run.closedAt = closings++;
    for (const id of event.longRunningToolIds ?? []) {
      run.interruptIds.add(id);
      if (direct) run.directInterruptIds.add(id);
      else if (event.branch) run.interruptBranches.set(id, event.branch);
      owners.set(id, run);
      const schema = requestInputSchema(event, id);
      if (schema !== undefined && schema !== null) schemas.set(id, schema);
    }
  }
  return runs;
}

/** The interrupt ids of `recovered` not answered yet. */
export function unresolvedIds(ids: ReadonlySet<string>, run: RecoveredRun): string[] {
  return [...ids].filter((id) => !run.resolvedIds.has(id));
}

/**
 * A function response's payload as the node sees it (Python
 * `_unwrap_response`): `{result: x}` becomes `x` (a string parsed as JSON
 * when it is JSON, as the web UI wraps typed text), anything else as is.
 */
export function unwrapResponse(response: unknown): unknown {
  if (typeof response !== 'object' || response === null || Array.isArray(response)) {
    return response;
  }
  const keys = Object.keys(response);
  if (keys.length !== 1 || keys[0] !== 'result') return response;
  const value = getOwn(response as Record<string, unknown>, 'result');
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function recordAnswers(
  event: Event,
  owners: ReadonlyMap<string, RecoveredRun>,
  schemas: ReadonlyMap<string, unknown>,
): void {
  for (const part of event.content?.parts ?? []) {
    const response = part.functionResponse;
    if (!response?.id) continue;
    const run = owners.get(response.id);
    if (!run) continue;
    run.resolvedIds.add(response.id);
    const value = unwrapResponse(response.response);
    const schema = schemas.get(response.id);
    setOwn(
      run.resolvedResponses,
      response.id,
      schema === undefined ? value : validateResumeResponse(response.id, value, schema),
    );
  }
}

/** The `response_schema` of the `adk_request_input` call `id` in `event`, if any. */
function requestInputSchema(event: Event, id: string): unknown {
  for (const part of event.content?.parts ?? []) {
    const call = part.functionCall;
    if (call?.name === REQUEST_INPUT_FUNCTION_CALL_NAME && call.id === id) {
      return call.args === undefined ? undefined : getOwn(call.args, 'response_schema');
    }
  }
  return undefined;
}

function emptyRun(runId: string): RecoveredRun {
  return {
    runId,
    output: undefined,
    route: undefined,
    branch: undefined,
    failed: false,
    interruptIds: new Set(),
    directInterruptIds: new Set(),
    interruptBranches: new Map(),
    resolvedIds: new Set(),
    resolvedResponses: {},
    closedAt: undefined,
  };
}

/**
 * The keys of the recorded runs in the order they finished (Python
 * `ReplayManager._scan_sequence`: a run's place is that of its last closing
 * event), for the `ReplaySequenceBarrier`.
 */
export function replaySequence(runs: ReadonlyMap<string, RecoveredRun>): string[] {
  return [...runs]
    .filter(([, run]) => run.closedAt !== undefined)
    .sort(([, a], [, b]) => a.closedAt! - b.closedAt!)
    .map(([key]) => key);
}

/** A message-as-output event's text, parsed as JSON when it is JSON (Python `_process_content_object`). */
function textOutput(event: Event): unknown {
  const text = (event.content?.parts ?? [])
    .filter((part) => part.text && !part.thought)
    .map((part) => part.text)
    .join('')
    .trim();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
