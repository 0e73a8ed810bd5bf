import type { Event } from '../../events/event.js';
import type { LlmRequest } from '../../models/llm-request.js';
import type { Content } from '../../types/index.js';
import type { LlmRequestProcessor } from '../llm-processor.js';
import { buildContents } from './contents-build.js';
import { eventsInIsolationScope, taskInputContent } from './contents-isolation.js';
import { isOtherAgentReply, shouldIncludeEventInContext } from './contents-selection.js';

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
 * no copy of the history; and the contents of a history already built for
 * this agent, branch and id policy are extended with the new events only
 * when that gives the same result (contents-build.ts). With an empty `agentName` no
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
  return buildContents(
    currentBranch,
    events,
    agentName,
    options.preserveFunctionCallIds === true,
    true,
  );
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
      return buildContents(
        currentBranch,
        events.slice(index),
        agentName,
        options.preserveFunctionCallIds === true,
        false,
      );
    }
  }
  return [];
}

/**
 * The request processor that sets `request.contents` (spec 000 §3.6, Python
 * `contents.request_processor`): the agent's history (`getContents`), or
 * only the current turn when the agent's `includeContents` is `'none'`.
 * Only the events of the running agent's isolation scope count
 * (`eventsInIsolationScope`); a scoped agent's history starts with its task
 * input (`taskInputContent`). Contents an earlier processor put in the request (the instructions
 * processor's, when the agent has a static instruction) are kept and placed
 * before the trailing run of plain user contents, so the newest user message
 * stays last. Client function-call ids are kept for models that pair calls
 * and results by id (`modelPreservesFunctionCallIds`).
 */
export const contentsRequestProcessor: LlmRequestProcessor = {
  async *runAsync(context, request, agent) {
    const options: GetContentsOptions = {
      preserveFunctionCallIds: modelPreservesFunctionCallIds(agent.canonicalModel),
    };
    const instructionRelatedContents = request.contents;
    const build = agent.includeContents === 'none' ? getCurrentTurnContents : getContents;
    const scope = context.isolationScope;
    const events = eventsInIsolationScope(context.session.events, scope, context.scopedEventScan);
    request.contents = build(context.branch, events, agent.name, options);
    if (scope !== undefined) {
      const leading = taskInputContent(context.session.events, scope, {
        isSingleTurn: agent.mode === 'single_turn',
        userContent: context.userContent,
      });
      if (leading) request.contents.unshift(leading);
    }
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
