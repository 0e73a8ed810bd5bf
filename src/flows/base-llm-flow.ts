import type { AgentContract } from '../context/agent-contract.js';
import { Context } from '../context/context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { ReadonlyContext } from '../context/readonly-context.js';
import { AgentNotFoundError } from '../errors/agent-not-found-error.js';
import { createEvent, type Event } from '../events/event.js';
import { createEventActions, type EventActions } from '../events/event-actions.js';
import { getFunctionCalls, hasFunctionCalls, isFinalResponse } from '../events/event-predicates.js';
import type { LlmResponse } from '../events/llm-response.js';
import { appendTools, createLlmRequest, type LlmRequest } from '../models/llm-request.js';
import { BaseTool } from '../tools/base-tool.js';
import { isBaseToolset } from '../tools/base-toolset.js';
import { deepClone } from '../utils/deep-clone.js';
import { newEventId, newFunctionCallId } from '../utils/ids.js';
import { nowSeconds } from '../utils/clock.js';
import { logger } from '../utils/logger.js';
import { callLlm } from './call-llm.js';
import {
  generateAuthEvent,
  generateRequestConfirmationEvent,
  getLongRunningFunctionCalls,
  handleFunctionCallsAsync,
} from './functions.js';
import { isLlmAgent, type LlmAgentContract } from './llm-agent-contract.js';
import type { LlmRequestProcessor, LlmResponseProcessor } from './llm-processor.js';
import {
  createFinalModelResponseEvent,
  getStructuredModelResponse,
} from './processors/output-schema.js';

/**
 * The ReAct loop of an LLM agent (Python `BaseLlmFlow`, spec 000 §2.3–§6):
 * build a request through the request processors and the tools, call the
 * model, turn each response into an event, run the tools it calls, and go
 * round again until a final response.
 */
export class BaseLlmFlow {
  readonly requestProcessors: readonly LlmRequestProcessor[];
  readonly responseProcessors: readonly LlmResponseProcessor[];

  constructor({
    requestProcessors,
    responseProcessors,
  }: {
    requestProcessors: readonly LlmRequestProcessor[];
    responseProcessors: readonly LlmResponseProcessor[];
  }) {
    this.requestProcessors = requestProcessors;
    this.responseProcessors = responseProcessors;
  }

  /**
   * Runs steps until one yields nothing, ends with a final response, or
   * ends with a partial event (spec 000 §2.3). Each step is one model call
   * with its preprocessing and postprocessing (spec 000 §2.5): response
   * processors, then the model event (unless the response is empty), then
   * its function calls (§6.1). The usual step is written inline, not as a
   * nested generator, so its events cross as few generator levels as
   * possible; resuming and transfers run in helpers of their own.
   * `onEvent` sees each event just before it is yielded (the agent's own
   * per-event work, so that it needs no generator of its own).
   */
  async *runAsync(
    context: InvocationContext,
    onEvent?: (event: Event) => void,
  ): AsyncGenerator<Event, void, undefined> {
    const processors = this.requestProcessors;
    for (;;) {
      let lastEvent: Event | undefined;
      step: {
        const request = createLlmRequest();
        const agent = context.agent;
        if (isLlmAgent(agent)) {
          if (yieldingProcessorApplies(processors, context)) {
            const processed = yield* preprocessYielding(processors, context, request, onEvent);
            lastEvent = processed ?? lastEvent;
          } else {
            const pending = preprocess(processors, context, request);
            if (pending) await pending;
          }
          if (agent.tools.length > 0) {
            const pending = addTools(context, agent.tools, request);
            if (pending) await pending;
          }
        }
        if (context.endInvocation) break step;
        if (context.isResumable) {
          const resumed = yield* resumeStep(context, request, onEvent);
          if (resumed.handled) {
            lastEvent = resumed.lastEvent ?? lastEvent;
            break step;
          }
        }

        const modelResponseEvent = createEvent({
          id: newEventId(),
          invocationId: context.invocationId,
          author: context.agent.name,
          ...(context.branch === undefined ? {} : { branch: context.branch }),
        });
        // Python gives the skeleton a fresh id and time after every event the
        // step yields. Only the step's next model event sees them, so an
        // untraced step renews just before building it (most steps never do);
        // a traced one at once, as its span records the id before that.
        const renewAtOnce = context.traceContext !== undefined;
        let stale = false;
        const yielded = (event: Event): Event => {
          if (renewAtOnce) renew(modelResponseEvent);
          else stale = true;
          return event;
        };
        const responseProcessors = applicableProcessors(this.responseProcessors, context);
        for await (const response of callLlm(context, request, modelResponseEvent)) {
          if (responseProcessors) {
            const processed = yield* processResponse(
              responseProcessors,
              context,
              response,
              yielded,
              onEvent,
            );
            lastEvent = processed ?? lastEvent;
          }
          if (!response.content && !response.errorCode && !response.interrupted) continue;
          if (stale) {
            renew(modelResponseEvent);
            stale = false;
          }
          const event = finalizeModelResponseEvent(request, response, modelResponseEvent);
          lastEvent = yielded(event);
          onEvent?.(lastEvent);
          yield lastEvent;
          if (event.partial || !hasFunctionCalls(event)) continue;
          const followUps = await runFunctionCalls(context, event, request);
          for (const followUp of followUps.events) {
            lastEvent = yielded(followUp);
            onEvent?.(lastEvent);
            yield lastEvent;
          }
          if (followUps.transferTo) {
            const transferred = getAgentToRun(context, followUps.transferTo).runAsync(context);
            lastEvent = (yield* passOn(transferred, onEvent)) ?? lastEvent;
          }
        }
      }
      if (!lastEvent || isFinalResponse(lastEvent)) break;
      if (lastEvent.partial) {
        logger.warn('The last event is partial, which is not expected.');
        break;
      }
    }
  }
}

/*
 * The rarer parts of a step live in generators of their own, so the step's
 * generator stays small: the optimizing compiler takes it on sooner and
 * compiles it faster.
 */

/**
 * Whether a request processor that yields events applies to this step
 * (resuming confirmed tools, code execution): the usual step has none, and
 * runs its processors without a generator.
 */
function yieldingProcessorApplies(
  processors: readonly LlmRequestProcessor[],
  context: InvocationContext,
): boolean {
  for (const processor of processors) {
    if (!processor.process && (!processor.appliesTo || processor.appliesTo(context))) return true;
  }
  return false;
}

/**
 * Runs the processors that edit the request, in order; synchronously until
 * one returns a promise, and then the rest after it (the promise is returned).
 */
function preprocess(
  processors: readonly LlmRequestProcessor[],
  context: InvocationContext,
  request: LlmRequest,
): Promise<void> | undefined {
  for (let index = 0; index < processors.length; index++) {
    const pending = processors[index]!.process?.(context, request);
    if (pending) return preprocessAfter(pending, processors, index + 1, context, request);
  }
  return undefined;
}

async function preprocessAfter(
  pending: Promise<void>,
  processors: readonly LlmRequestProcessor[],
  start: number,
  context: InvocationContext,
  request: LlmRequest,
): Promise<void> {
  await pending;
  for (let index = start; index < processors.length; index++) {
    await processors[index]!.process?.(context, request);
  }
}

/** Every request processor in order, the yielding ones that apply included; returns the last event. */
async function* preprocessYielding(
  processors: readonly LlmRequestProcessor[],
  context: InvocationContext,
  request: LlmRequest,
  onEvent: ((event: Event) => void) | undefined,
): AsyncGenerator<Event, Event | undefined, undefined> {
  let lastEvent: Event | undefined;
  for (const processor of processors) {
    if (processor.process) {
      const pending = processor.process(context, request);
      if (pending) await pending;
    } else if (!processor.appliesTo || processor.appliesTo(context)) {
      lastEvent = (yield* passOn(processor.runAsync(context, request), onEvent)) ?? lastEvent;
    }
  }
  return lastEvent;
}

/** The processors that apply to the agent of `context`, or undefined when none does (the usual case). */
function applicableProcessors(
  processors: readonly LlmResponseProcessor[],
  context: InvocationContext,
): LlmResponseProcessor[] | undefined {
  let applicable: LlmResponseProcessor[] | undefined;
  for (const processor of processors) {
    if (!processor.appliesTo || processor.appliesTo(context)) (applicable ??= []).push(processor);
  }
  return applicable;
}

/**
 * Runs the response processors on one response, yielding their events
 * (each through `yielded`, then `onEvent`); returns the last one.
 */
async function* processResponse(
  processors: readonly LlmResponseProcessor[],
  context: InvocationContext,
  response: LlmResponse,
  yielded: (event: Event) => Event,
  onEvent: ((event: Event) => void) | undefined,
): AsyncGenerator<Event, Event | undefined, undefined> {
  let lastEvent: Event | undefined;
  for (const processor of processors) {
    for await (const event of processor.runAsync(context, response)) {
      lastEvent = yielded(event);
      onEvent?.(lastEvent);
      yield lastEvent;
    }
  }
  return lastEvent;
}

/** Yields every event of `events` (after `onEvent`), and returns the last one. */
async function* passOn(
  events: AsyncGenerator<Event, void, undefined>,
  onEvent: ((event: Event) => void) | undefined,
): AsyncGenerator<Event, Event | undefined, undefined> {
  let lastEvent: Event | undefined;
  for await (const event of events) {
    lastEvent = event;
    onEvent?.(event);
    yield event;
  }
  return lastEvent;
}

/**
 * A step of a resumable invocation looks at the branch's last events first:
 * it stays paused, or runs the calls still pending (and a transfer they ask
 * for). `handled` says the step ends there.
 */
async function* resumeStep(
  context: InvocationContext,
  request: LlmRequest,
  onEvent: ((event: Event) => void) | undefined,
): AsyncGenerator<Event, { handled: boolean; lastEvent: Event | undefined }, undefined> {
  const events = context.getEvents({ currentInvocation: true, currentBranch: true });
  const last = events[events.length - 1];
  if (!last) return { handled: false, lastEvent: undefined };
  if (
    events.length > 1 &&
    (context.shouldPauseInvocation(last) ||
      context.shouldPauseInvocation(events[events.length - 2]!))
  ) {
    return { handled: true, lastEvent: undefined };
  }
  if (!hasFunctionCalls(last)) return { handled: false, lastEvent: undefined };
  let lastEvent: Event | undefined;
  const followUps = await runFunctionCalls(context, last, request);
  for (const event of followUps.events) {
    event.id = newEventId();
    lastEvent = event;
    onEvent?.(event);
    yield event;
  }
  if (followUps.transferTo) {
    const transferred = getAgentToRun(context, followUps.transferTo).runAsync(context);
    lastEvent = (yield* passOn(transferred, onEvent)) ?? lastEvent;
  }
  return { handled: true, lastEvent };
}

// BaseTool's own processLlmRequest: it only appends the declaration.
const declareOnly = BaseTool.prototype.processLlmRequest;

/**
 * Lets every tool add itself to the request (spec 000 §3.9), toolsets
 * resolved per request. Tools that only declare themselves (BaseTool's own
 * `processLlmRequest`) are added synchronously; the rest, from the first
 * tool that needs more, asynchronously (the promise is returned).
 */
function addTools(
  context: InvocationContext,
  tools: LlmAgentContract['tools'],
  request: LlmRequest,
): Promise<void> | undefined {
  for (let index = 0; index < tools.length; index++) {
    const tool = tools[index]!;
    if (isBaseToolset(tool) || tool.processLlmRequest !== declareOnly) {
      return addToolsFrom(context, tools, index, request);
    }
    appendTools(request, [tool]);
  }
  return undefined;
}

async function addToolsFrom(
  context: InvocationContext,
  tools: LlmAgentContract['tools'],
  start: number,
  request: LlmRequest,
): Promise<void> {
  // Python gives each tool a fresh ToolContext whose actions are discarded; one serves them all.
  const toolContext = new Context(context);
  let readonlyContext: ReadonlyContext | undefined;
  for (const toolUnion of tools.slice(start)) {
    if (isBaseToolset(toolUnion)) {
      await toolUnion.processLlmRequest({ context: toolContext, request });
      readonlyContext ??= new ReadonlyContext(context);
      for (const tool of await toolUnion.getToolsWithPrefix(readonlyContext)) {
        await tool.processLlmRequest({ context: toolContext, request });
      }
    } else {
      await toolUnion.processLlmRequest({ context: toolContext, request });
    }
  }
}

/** What follows a function-call event: the events to yield, then the agent a transfer names. */
interface FunctionCallFollowUps {
  events: Event[];
  transferTo: string | undefined;
}

/**
 * Runs the calls, then lists the auth request, the confirmation request, the
 * responses and the structured final answer, and names the agent a transfer
 * asks for (spec 000 §6.3, §8.2).
 */
async function runFunctionCalls(
  context: InvocationContext,
  functionCallEvent: Event,
  request: LlmRequest,
): Promise<FunctionCallFollowUps> {
  const responseEvent = await handleFunctionCallsAsync(
    context,
    functionCallEvent,
    request.toolsDict,
  );
  if (!responseEvent) return { events: [], transferTo: undefined };
  const events: Event[] = [];
  const authEvent = generateAuthEvent(context, responseEvent);
  if (authEvent) events.push(authEvent);
  const confirmationEvent = generateRequestConfirmationEvent(
    context,
    functionCallEvent,
    responseEvent,
  );
  if (confirmationEvent) events.push(confirmationEvent);
  events.push(responseEvent);
  const structured = getStructuredModelResponse(responseEvent);
  if (structured !== undefined) events.push(createFinalModelResponseEvent(context, structured));
  // The agent is looked up after the responses are yielded: an unknown name fails with them committed, as in Python.
  return { events, transferTo: responseEvent.actions.transferToAgent || undefined };
}

/** Gives the event skeleton a fresh identity for the next model event. */
function renew(skeleton: Event): void {
  skeleton.id = newEventId();
  skeleton.timestamp = nowSeconds();
}

/**
 * Merges the response into the event skeleton (spec 000 §6.2): the
 * response's fields win; function calls get client ids and long-running
 * tools are noted.
 */
export function finalizeModelResponseEvent(
  request: LlmRequest,
  response: LlmResponse,
  skeleton: Event,
): Event {
  const event = {} as Event;
  copyDefined(event, skeleton);
  copyDefined(event, response);
  event.actions = copyActions(skeleton.actions);
  const calls = getFunctionCalls(event);
  if (calls.length > 0) {
    // populateClientFunctionCallIds, on the calls already listed.
    for (const call of calls) if (!call.id) call.id = newFunctionCallId();
    event.longRunningToolIds = getLongRunningFunctionCalls(calls, request.toolsDict);
  }
  return event;
}

/** The agent named by a transfer, searched from the root (spec 000 §8.2). */
export function getAgentToRun(context: InvocationContext, agentName: string): AgentContract {
  const target = context.agent.rootAgent.findAgent(agentName);
  if (!target) throw new AgentNotFoundError({ agentName });
  return target;
}

function copyDefined(target: object, source: object): void {
  for (const key in source) {
    const value = (source as Record<string, unknown>)[key];
    if (value !== undefined && Object.hasOwn(source, key))
      (target as Record<string, unknown>)[key] = value;
  }
}

/**
 * A deep copy of the skeleton's actions; the usual untouched ones (the four
 * empty dicts `createEventActions` makes, nothing else) are made afresh.
 */
function copyActions(actions: EventActions): EventActions {
  let fields = 0;
  for (const key in actions) {
    const value = (actions as Record<string, unknown>)[key];
    if (++fields > 4 || !DEFAULT_ACTION_DICTS.has(key) || !isEmptyDict(value)) {
      return deepClone(actions);
    }
  }
  return fields === 4 ? createEventActions() : deepClone(actions);
}

const DEFAULT_ACTION_DICTS = new Set([
  'stateDelta',
  'artifactDelta',
  'requestedAuthConfigs',
  'requestedToolConfirmations',
]);

function isEmptyDict(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const _key in value) return false;
  return Object.getPrototypeOf(value) === Object.prototype;
}
