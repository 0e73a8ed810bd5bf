import type { Event } from '../../events/event.js';
import type { EventActions } from '../../events/event-actions.js';
import type { LlmRequest } from '../../models/llm-request.js';
import type { Content, Part } from '../../types/index.js';
import { deepClone } from '../../utils/deep-clone.js';
import { deepFreeze } from '../../utils/deep-freeze.js';
import {
  REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
  REQUEST_EUC_FUNCTION_CALL_NAME,
} from '../functions.js';
import type { LlmAgentContract } from '../llm-agent-contract.js';
import type { LlmRequestProcessor } from '../llm-processor.js';
import { pythonStr } from '../../utils/python-repr.js';
import { cloneContentWithoutClientIds } from './contents-clone.js';
import type { HistoryEvent } from './contents-history-event.js';
import {
  rearrangeEventsForAsyncFunctionResponsesInHistory,
  rearrangeEventsForLatestFunctionResponse,
} from './contents-rearrange.js';

/** The function the framework calls to ask the user for input (workflow HITL). */
const REQUEST_INPUT_FUNCTION_CALL_NAME = 'adk_request_input';
/** The function name of the framework's own bookkeeping calls. */
const ADK_FRAMEWORK_FUNCTION_CALL_NAME = 'adk_framework';

/** Options of `getContents` and `getCurrentTurnContents`. */
export interface GetContentsOptions {
  /**
   * Keep the client-generated `adk-…` ids of function calls and responses.
   * Models that pair calls with results by id (the Gemini Interactions API,
   * Anthropic, OpenAI-style APIs) need them; plain Gemini must not see them.
   * Default false: the ids are removed.
   */
  preserveFunctionCallIds?: boolean;
}

/**
 * The model's view of the session history for the agent `agentName` running
 * in `currentBranch` (spec 000 §4.1, Python `_get_contents`):
 *
 * 1. events annulled by a rewind (`actions.rewindBeforeInvocationId`) are
 *    dropped, the rewind event with them;
 * 2. only events in context are kept: not empty (§4.3), in the branch or an
 *    ancestor branch (`a.b` sees `a` and `a.b`, never `a.bc`), and not a
 *    framework call or response (`adk_request_credential`,
 *    `adk_request_confirmation`, `adk_framework`, `adk_request_input`);
 * 3. compaction summaries (`actions.compaction`) replace the events they cover;
 * 4. consecutive audio transcriptions become one user (input) or model
 *    (output) text content;
 * 5. other agents' events become user content: `For context:` followed by
 *    `[name] said: …`, `[name] called tool \`n\` with parameters: {…}` and
 *    `[name] \`n\` tool returned result: {…}` (Python repr), thoughts dropped;
 * 6. the latest function response is moved next to its call, and every
 *    call in history is followed by its (merged) responses (§4.4);
 * 7. each content is deep-copied, and client `adk-` ids are removed unless
 *    `options.preserveFunctionCallIds`.
 *
 * The contents share nothing with `events`: they are frozen copies, made
 * once per event and reused by later requests, so building a request costs
 * no copy of the history. With an empty `agentName` no
 * event counts as another agent's. Throws `UnmatchedFunctionResponseError`
 * when the latest event answers a call no earlier event made, or calls made
 * by different events.
 */
export function getContents(
  currentBranch: string | undefined,
  events: readonly Event[],
  agentName = '',
  options: GetContentsOptions = {},
): Content[] {
  // One pass picks the events in context and notes which of the rarer steps
  // (compaction, transcriptions, other agents' events) the history needs, so
  // the usual history goes through filter, rearrangement and copy only.
  const scan = selectEventsInContext(currentBranch, events, agentName);
  const inContext = scan.events;
  const compacted = scan.hasCompaction ? applyCompaction(inContext) : inContext;
  const presented =
    scan.hasCompaction || scan.needsPresentation ? presentEvents(compacted, agentName) : compacted;
  const arranged = rearrangeEventsForAsyncFunctionResponsesInHistory(
    rearrangeEventsForLatestFunctionResponse(presented),
  );
  const contents: Content[] = [];
  const keepIds = options.preserveFunctionCallIds === true;
  for (const event of arranged) {
    if (!event.content) continue;
    contents.push(sharedContent(event, event.content, keepIds));
  }
  return contents;
}

/** The model-ready copies of one event's content, built once and shared by every later request. */
interface ContentCopies {
  source: Content;
  withIds?: Content;
  withoutIds?: Content;
}

const contentCopies = new WeakMap<object, ContentCopies>();

/**
 * The copy of `content` a request carries, made once per event and shared by
 * every request after: deep-copied, client ids removed unless `keepIds`, and
 * deep-frozen, so no request, callback or model can change the history
 * through it (code that edits request contents replaces them instead).
 * Committed events are not edited afterwards; a new `content` object on the
 * event makes a new copy.
 */
function sharedContent(event: object, content: Content, keepIds: boolean): Content {
  let copies = contentCopies.get(event);
  if (!copies || copies.source !== content) {
    copies = { source: content };
    contentCopies.set(event, copies);
  }
  if (keepIds) return (copies.withIds ??= deepFreeze(deepClone(content)));
  return (copies.withoutIds ??= deepFreeze(cloneContentWithoutClientIds(content)));
}

/**
 * The model's view of the current turn only, for agents with
 * `includeContents: 'none'` (spec 000 §4.2, Python
 * `_get_current_turn_contents`): `getContents` applied to the events from
 * the latest in-context event written by the user or by another agent. The
 * agent's own calls and their responses after that event are kept. Empty
 * when there is no such event.
 */
export function getCurrentTurnContents(
  currentBranch: string | undefined,
  events: readonly Event[],
  agentName = '',
  options: GetContentsOptions = {},
): Content[] {
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index]!;
    if (
      shouldIncludeEventInContext(currentBranch, event) &&
      (event.author === 'user' || isOtherAgentReply(agentName, event))
    ) {
      return getContents(currentBranch, events.slice(index), agentName, options);
    }
  }
  return [];
}

/**
 * The request processor that sets `request.contents` (spec 000 §3.6, Python
 * `contents.request_processor`): the agent's history (`getContents`), or
 * only the current turn when the agent's `includeContents` is `'none'`.
 * Contents an earlier processor put in the request (the instructions
 * processor's, when the agent has a static instruction) are kept and placed
 * before the trailing run of plain user contents, so the newest user message
 * stays last. Client function-call ids are kept for models that pair calls
 * and results by id (`modelPreservesFunctionCallIds`).
 */
export const contentsRequestProcessor: LlmRequestProcessor = {
  process(context, request) {
    const agent = context.agent as Partial<
      Pick<LlmAgentContract, 'includeContents' | 'canonicalModel'>
    > & { readonly name: string };
    const options: GetContentsOptions = {
      preserveFunctionCallIds:
        'canonicalModel' in agent && modelPreservesFunctionCallIds(agent.canonicalModel),
    };
    const instructionRelatedContents = request.contents;
    const build =
      (agent.includeContents ?? 'default') === 'default' ? getContents : getCurrentTurnContents;
    request.contents = build(context.branch, context.session.events, agent.name, options);
    addInstructionsToUserContent(request, instructionRelatedContents);
  },
};

/**
 * What a model may declare so that client function-call ids reach it:
 * `useInteractionsApi` (Gemini through the stateful Interactions API) or
 * `pairsFunctionCallsById` (Anthropic, OpenAI-style and other APIs that
 * match tool results to calls by id).
 */
export interface FunctionCallIdPairing {
  readonly useInteractionsApi?: boolean;
  readonly pairsFunctionCallsById?: boolean;
}

/**
 * True when `model` pairs function calls with their results by id, so the
 * history must keep client `adk-` ids (Python: Gemini with
 * `use_interactions_api`, `AnthropicLlm`, `LiteLlm`, `OpenAIResponsesLlm`).
 */
export function modelPreservesFunctionCallIds(model: unknown): boolean {
  if (typeof model !== 'object' || model === null) return false;
  const pairing = model as FunctionCallIdPairing;
  return pairing.useInteractionsApi === true || pairing.pairsFunctionCallsById === true;
}

/** The events in context, and what the later steps of `getContents` will have to do. */
interface ContextScan {
  events: Event[];
  /** Some event in context carries a compaction. */
  hasCompaction: boolean;
  /** Some event in context has no content (a transcription) or is another agent's. */
  needsPresentation: boolean;
}

/**
 * Steps 1 and 2 of `getContents` (rewound events dropped, then
 * `shouldIncludeEventInContext`) in one pass, noting whether step 3 or the
 * presentation of steps 4–5 has anything to do.
 */
function selectEventsInContext(
  currentBranch: string | undefined,
  events: readonly Event[],
  agentName: string,
): ContextScan {
  let source: readonly Event[] = events;
  // The same backward walk as dropRewoundEvents; only a history with a rewind needs it.
  for (let index = events.length - 1; index >= 0; index--) {
    if (events[index]!.actions.rewindBeforeInvocationId) {
      source = dropRewoundEvents(events);
      break;
    }
  }
  const kept: Event[] = [];
  let hasCompaction = false;
  let needsPresentation = false;
  for (let index = 0; index < source.length; index++) {
    const event = source[index]!;
    if (!shouldIncludeEventInContext(currentBranch, event)) continue;
    kept.push(event);
    if (event.actions.compaction) hasCompaction = true;
    if (!event.content || isOtherAgentReply(agentName, event)) needsPresentation = true;
  }
  return { events: kept, hasCompaction, needsPresentation };
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
function shouldIncludeEventInContext(currentBranch: string | undefined, event: Event): boolean {
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

/**
 * Replaces compacted ranges by their summaries (Python
 * `_process_compaction_events`). A summary whose range lies within another's
 * (or equals a later one's) is dropped; each remaining summary becomes a
 * model event at its range's end timestamp, and every other event whose
 * timestamp falls in a kept range (ends included) is dropped. The result is
 * ordered by timestamp, ties kept in session order.
 */
function applyCompaction(events: readonly Event[]): HistoryEvent[] {
  const compactions: { index: number; start: number; end: number }[] = [];
  events.forEach((event, index) => {
    const compaction = event.actions.compaction;
    if (compaction && isCompleteCompaction(compaction)) {
      compactions.push({ index, start: compaction.startTimestamp, end: compaction.endTimestamp });
    }
  });
  const subsumed = new Set<number>();
  for (const own of compactions) {
    for (const other of compactions) {
      if (other.index === own.index) continue;
      if (
        other.start <= own.start &&
        other.end >= own.end &&
        (other.start < own.start || other.end > own.end || other.index > own.index)
      ) {
        subsumed.add(own.index);
        break;
      }
    }
  }
  const ranges: { start: number; end: number }[] = [];
  const items: { timestamp: number; index: number; event: HistoryEvent }[] = [];
  for (const { index, start, end } of compactions) {
    if (subsumed.has(index)) continue;
    const event = events[index]!;
    ranges.push({ start, end });
    items.push({
      timestamp: end,
      index,
      event: {
        timestamp: end,
        author: 'model',
        content: event.actions.compaction!.compactedContent,
        branch: event.branch,
      },
    });
  }
  events.forEach((event, index) => {
    if (event.actions.compaction) return;
    const { timestamp } = event;
    if (ranges.some(({ start, end }) => start <= timestamp && timestamp <= end)) return;
    items.push({ timestamp, index, event });
  });
  items.sort((a, b) => a.timestamp - b.timestamp || a.index - b.index);
  return items.map((item) => item.event);
}

function isCompleteCompaction(compaction: NonNullable<EventActions['compaction']>): boolean {
  return (
    compaction.startTimestamp != null &&
    compaction.endTimestamp != null &&
    compaction.compactedContent != null
  );
}

/**
 * Turns runs of content-less transcription events into one text content
 * each, and other agents' events into user context; the current agent's and
 * the user's events pass unchanged.
 */
function presentEvents(events: readonly HistoryEvent[], agentName: string): HistoryEvent[] {
  const presented: HistoryEvent[] = [];
  let inputText = '';
  let outputText = '';
  for (let index = 0; index < events.length; index++) {
    let event = events[index]!;
    if (!event.content) {
      const next = events[index + 1];
      if (event.inputTranscription?.text) {
        inputText += event.inputTranscription.text;
        if (next?.inputTranscription?.text) continue;
        event = {
          ...event,
          inputTranscription: undefined,
          content: { role: 'user', parts: [{ text: inputText }] },
        };
        inputText = '';
      } else if (event.outputTranscription?.text) {
        outputText += event.outputTranscription.text;
        if (next?.outputTranscription?.text) continue;
        event = {
          ...event,
          outputTranscription: undefined,
          content: { role: 'model', parts: [{ text: outputText }] },
        };
        outputText = '';
      }
    }
    if (isOtherAgentReply(agentName, event)) {
      const converted = presentOtherAgentMessage(event);
      if (converted) presented.push(converted);
    } else {
      presented.push(event);
    }
  }
  return presented;
}

function isOtherAgentReply(agentName: string, event: HistoryEvent): boolean {
  return Boolean(agentName) && event.author !== agentName && event.author !== 'user';
}

// Python's str.strip() removes the characters str.isspace() accepts, which
// differ from JavaScript's trim() (U+001C–U+001F and U+0085, but not U+FEFF).
const PYTHON_WHITESPACE = new Set(
  '\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005' +
    '\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000',
);

function isBlank(text: string): boolean {
  for (const char of text) if (!PYTHON_WHITESPACE.has(char)) return false;
  return true;
}

/**
 * Another agent's event as user context (Python
 * `_present_other_agent_message`): `For context:`, then one text part per
 * visible part. Media and code parts are kept as they are; thoughts and
 * blank texts are dropped. Undefined when nothing but `For context:` would
 * remain; the event itself when it has no parts.
 */
function presentOtherAgentMessage(event: HistoryEvent): HistoryEvent | undefined {
  const sourceParts = event.content?.parts;
  if (!sourceParts?.length) return event;
  const author = event.author;
  const parts: Part[] = [{ text: 'For context:' }];
  for (const part of sourceParts) {
    if (part.thought) continue;
    if (typeof part.text === 'string' && !isBlank(part.text)) {
      parts.push({ text: `[${author}] said: ${part.text}` });
    } else if (part.functionCall) {
      const { name, args } = part.functionCall;
      parts.push({
        text: `[${author}] called tool \`${pythonStr(name)}\` with parameters: ${pythonStr(args)}`,
      });
    } else if (part.functionResponse) {
      const { name, response } = part.functionResponse;
      parts.push({
        text: `[${author}] \`${pythonStr(name)}\` tool returned result: ${pythonStr(response)}`,
      });
    } else if (
      part.inlineData ||
      part.fileData ||
      part.executableCode ||
      part.codeExecutionResult
    ) {
      parts.push(part);
    }
  }
  if (parts.length === 1) return undefined;
  return {
    timestamp: event.timestamp,
    author: 'user',
    content: { role: 'user', parts },
    branch: event.branch,
  };
}

/**
 * Inserts the contents earlier processors produced before the trailing run
 * of user contents that hold no function response (Python
 * `_add_instructions_to_user_content`); at the start when the request has
 * no contents.
 */
function addInstructionsToUserContent(request: LlmRequest, instructionContents: Content[]): void {
  if (instructionContents.length === 0) return;
  const contents = request.contents;
  let insertIndex = contents.length;
  for (let index = contents.length - 1; index >= 0; index--) {
    const content = contents[index]!;
    if (content.role !== 'user' || content.parts?.some((part) => part.functionResponse)) {
      insertIndex = index + 1;
      break;
    }
    insertIndex = index;
  }
  contents.splice(insertIndex, 0, ...instructionContents);
}
