import type { AgentContract } from '../context/agent-contract.js';
import { Context } from '../context/context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { ReadonlyContext } from '../context/readonly-context.js';
import { AgentNotFoundError } from '../errors/agent-not-found-error.js';
import { createEvent, type Event } from '../events/event.js';
import { getFunctionCalls, hasFunctionCalls, isFinalResponse } from '../events/event-predicates.js';
import type { LlmResponse } from '../events/llm-response.js';
import { createLlmRequest, type LlmRequest } from '../models/llm-request.js';
import { isBaseToolset } from '../tools/base-toolset.js';
import { nowSeconds } from '../utils/clock.js';
import { deepClone } from '../utils/deep-clone.js';
import { newEventId, newFunctionCallId } from '../utils/ids.js';
import { setOwn } from '../utils/get-own.js';
import { logger } from '../utils/logger.js';
import { callLlm } from './call-llm.js';
import { runFunctionCalls } from './function-call-follow-ups.js';
import { getLongRunningFunctionCalls } from './functions.js';
import type { LlmAgentContract } from './llm-agent-contract.js';
import type { LlmRequestProcessor, LlmResponseProcessor } from './llm-processor.js';
import { resolveToolsetAuth } from './toolset-auth.js';

/**
 * The ReAct loop of an LLM agent (Python `BaseLlmFlow`, adk-go
 * `llminternal.Flow`, spec 000 §2.3–§6): build a request through the
 * request processors and the tools, call the model, turn each response into
 * an event, run the tools it calls, and go round again until a final response.
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
   * Runs `agent` in `context` (whose agent it is): steps until one yields
   * nothing, ends with a final response, or ends with a partial event
   * (spec 000 §2.3).
   */
  async *runAsync(
    context: InvocationContext,
    agent: LlmAgentContract,
  ): AsyncGenerator<Event, void, undefined> {
    for (;;) {
      let lastEvent: Event | undefined;
      for await (const event of this.runOneStep(context, agent)) {
        lastEvent = event;
        yield event;
      }
      if (!lastEvent || isFinalResponse(lastEvent)) return;
      if (lastEvent.partial) {
        logger.warn('The last event is partial, which is not expected.');
        return;
      }
    }
  }

  /**
   * One step (spec 000 §2.5): preprocess the request; in a resumable
   * invocation, stay paused or run the calls still pending; else call the
   * model and postprocess each response: response processors, the model
   * event (unless the response is empty), its function calls (§6.1) and the
   * transfer they ask for. As in Python, the model event's skeleton gets a
   * fresh id and time after every event the model call leads to, so each
   * model event of a streamed response is an event of its own.
   */
  async *runOneStep(
    context: InvocationContext,
    agent: LlmAgentContract,
  ): AsyncGenerator<Event, void, undefined> {
    const request = createLlmRequest();
    yield* this.preprocess(context, agent, request);
    if (context.endInvocation) return;

    if (context.isResumable) {
      // A workflow's checkpoints carry no content: the step resumes after the agent's last event.
      const events = context
        .getEvents({ currentInvocation: true, currentBranch: true })
        .filter((event) => event.content !== undefined || event.author === context.agent.name);
      const last = events[events.length - 1];
      if (
        last &&
        events.length > 1 &&
        (context.shouldPauseInvocation(last) ||
          context.shouldPauseInvocation(events[events.length - 2]!))
      ) {
        return;
      }
      if (last && hasFunctionCalls(last)) {
        const followUps = await runFunctionCalls(context, agent, last, request);
        for (const event of followUps.events) {
          event.id = newEventId();
          yield event;
        }
        if (followUps.transferTo) {
          yield* getAgentToRun(context, followUps.transferTo).runAsync(context);
        }
        return;
      }
    }

    const modelResponseEvent = createEvent({
      id: newEventId(),
      invocationId: context.invocationId,
      author: agent.name,
      ...(context.branch === undefined ? {} : { branch: context.branch }),
    });
    for await (const response of callLlm(context, agent, request, modelResponseEvent)) {
      // Postprocess: the response processors, which may change the response.
      for (const processor of this.responseProcessors) {
        for await (const event of processor.runAsync(context, response, agent)) {
          yield event;
          renew(modelResponseEvent);
        }
      }
      if (!response.content && !response.errorCode && !response.interrupted) continue;

      const event = finalizeModelResponseEvent(request, response, modelResponseEvent);
      yield event;
      renew(modelResponseEvent);
      if (event.partial || !hasFunctionCalls(event)) continue;

      const followUps = await runFunctionCalls(context, agent, event, request);
      for (const followUp of followUps.events) {
        yield followUp;
        renew(modelResponseEvent);
      }
      if (!followUps.transferTo) continue;
      const transferred = getAgentToRun(context, followUps.transferTo).runAsync(context);
      for await (const transferredEvent of transferred) {
        yield transferredEvent;
        renew(modelResponseEvent);
      }
    }
  }

  /**
   * The request processors in order, then toolset auth (`resolveToolsetAuth`,
   * which may ask the client and end the invocation), then every tool adds
   * itself to the request (spec 000 §3.9), toolsets resolved per request.
   * Shared by the live flow, which builds its connection request the same way.
   */
  async *preprocess(
    context: InvocationContext,
    agent: LlmAgentContract,
    request: LlmRequest,
  ): AsyncGenerator<Event, void, undefined> {
    for (const processor of this.requestProcessors) {
      yield* processor.runAsync(context, request, agent);
    }
    if (agent.tools.length === 0) return;
    yield* resolveToolsetAuth(context, agent);
    if (context.endInvocation) return;
    // Python gives each tool a fresh ToolContext whose actions are discarded; one serves them all.
    const toolContext = new Context(context);
    for (const toolUnion of agent.tools) {
      await toolUnion.processLlmRequest({ context: toolContext, request });
      if (!isBaseToolset(toolUnion)) continue;
      for (const tool of await toolUnion.getToolsWithPrefix(new ReadonlyContext(context))) {
        await tool.processLlmRequest({ context: toolContext, request });
      }
    }
  }
}

/** Gives the event skeleton a fresh identity for the next model event. */
function renew(skeleton: Event): void {
  skeleton.id = newEventId();
  skeleton.timestamp = nowSeconds();
}

/**
 * Merges the response into the event skeleton (spec 000 §6.2): the
 * response's fields win, the skeleton's actions are copied; function calls
 * get client ids and long-running tools are noted.
 */
export function finalizeModelResponseEvent(
  request: LlmRequest,
  response: LlmResponse,
  skeleton: Event,
): Event {
  const event = {} as Event;
  copyDefined(event, skeleton);
  copyDefined(event, response);
  event.actions = deepClone(skeleton.actions);
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

// A custom model's response may carry any key: each is written as the event's own field.
function copyDefined(target: object, source: object): void {
  for (const key in source) {
    const value = (source as Record<string, unknown>)[key];
    if (value !== undefined && Object.hasOwn(source, key)) {
      setOwn(target as Record<string, unknown>, key, value);
    }
  }
}
