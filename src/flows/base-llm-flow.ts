import type { AgentContract } from '../context/agent-contract.js';
import { Context } from '../context/context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { ReadonlyContext } from '../context/readonly-context.js';
import { AgentNotFoundError } from '../errors/agent-not-found-error.js';
import { createEvent, type Event } from '../events/event.js';
import { getFunctionCalls, isFinalResponse } from '../events/event-predicates.js';
import type { LlmResponse } from '../events/llm-response.js';
import { createLlmRequest, type LlmRequest } from '../models/llm-request.js';
import { isBaseToolset } from '../tools/base-toolset.js';
import { deepClone } from '../utils/deep-clone.js';
import { newEventId } from '../utils/ids.js';
import { nowSeconds } from '../utils/clock.js';
import { logger } from '../utils/logger.js';
import { callLlm } from './call-llm.js';
import {
  generateAuthEvent,
  generateRequestConfirmationEvent,
  getLongRunningFunctionCalls,
  handleFunctionCallsAsync,
  populateClientFunctionCallIds,
} from './functions.js';
import { isLlmAgent } from './llm-agent-contract.js';
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
   * ends with a partial event (spec 000 §2.3).
   */
  async *runAsync(context: InvocationContext): AsyncGenerator<Event, void, undefined> {
    for (;;) {
      let lastEvent: Event | undefined;
      for await (const event of this.runOneStepAsync(context)) {
        lastEvent = event;
        yield event;
      }
      if (!lastEvent || isFinalResponse(lastEvent)) break;
      if (lastEvent.partial) {
        logger.warn('The last event is partial, which is not expected.');
        break;
      }
    }
  }

  /** One model call with its preprocessing and postprocessing (spec 000 §2.5). */
  async *runOneStepAsync(context: InvocationContext): AsyncGenerator<Event, void, undefined> {
    const request = createLlmRequest();
    yield* this.preprocessAsync(context, request);
    if (context.endInvocation) return;

    // Resuming: the branch's last events decide whether to stay paused or to run pending calls.
    const events = context.isResumable
      ? context.getEvents({ currentInvocation: true, currentBranch: true })
      : [];
    const last = events[events.length - 1];
    if (last) {
      if (
        events.length > 1 &&
        (context.shouldPauseInvocation(last) ||
          context.shouldPauseInvocation(events[events.length - 2]!))
      ) {
        return;
      }
      if (getFunctionCalls(last).length > 0) {
        for await (const event of this.handleFunctionCallsAsync(context, last, request)) {
          event.id = newEventId();
          yield event;
        }
        return;
      }
    }

    const modelResponseEvent = createEvent({
      id: newEventId(),
      invocationId: context.invocationId,
      author: context.agent.name,
      ...(context.branch === undefined ? {} : { branch: context.branch }),
    });
    for await (const response of callLlm(context, request, modelResponseEvent)) {
      for await (const event of this.postprocessAsync(
        context,
        request,
        response,
        modelResponseEvent,
      )) {
        // Each yielded model event gets a fresh identity for the next one built on the skeleton.
        modelResponseEvent.id = newEventId();
        modelResponseEvent.timestamp = nowSeconds();
        yield event;
      }
    }
  }

  /** Runs the request processors, then lets every tool add itself (spec 000 §3.9). */
  private async *preprocessAsync(
    context: InvocationContext,
    request: LlmRequest,
  ): AsyncGenerator<Event, void, undefined> {
    const agent = context.agent;
    if (!isLlmAgent(agent)) return;
    for (const processor of this.requestProcessors) {
      if (processor.process) {
        const pending = processor.process(context, request);
        if (pending) await pending;
      } else {
        yield* processor.runAsync(context, request);
      }
    }
    if (agent.tools.length === 0) return;
    const readonlyContext = new ReadonlyContext(context);
    // Python gives each tool a fresh ToolContext whose actions are discarded; one serves them all.
    const toolContext = new Context(context);
    for (const toolUnion of agent.tools) {
      if (isBaseToolset(toolUnion)) {
        await toolUnion.processLlmRequest({ context: toolContext, request });
        for (const tool of await toolUnion.getToolsWithPrefix(readonlyContext)) {
          await tool.processLlmRequest({ context: toolContext, request });
        }
      } else {
        await toolUnion.processLlmRequest({ context: toolContext, request });
      }
    }
  }

  /**
   * Response processors, then the model event (unless the response is empty),
   * then its function calls (spec 000 §6.1).
   */
  private async *postprocessAsync(
    context: InvocationContext,
    request: LlmRequest,
    response: LlmResponse,
    modelResponseEvent: Event,
  ): AsyncGenerator<Event, void, undefined> {
    for (const processor of this.responseProcessors) yield* processor.runAsync(context, response);
    if (!response.content && !response.errorCode && !response.interrupted) return;
    const event = finalizeModelResponseEvent(request, response, modelResponseEvent);
    yield event;
    if (getFunctionCalls(event).length > 0 && !event.partial) {
      yield* this.handleFunctionCallsAsync(context, event, request);
    }
  }

  /**
   * Runs the calls, then yields the auth request, the confirmation request,
   * the responses, the structured final answer, and the transferred-to agent's
   * events (spec 000 §6.3, §8.2).
   */
  private async *handleFunctionCallsAsync(
    context: InvocationContext,
    functionCallEvent: Event,
    request: LlmRequest,
  ): AsyncGenerator<Event, void, undefined> {
    const responseEvent = await handleFunctionCallsAsync(
      context,
      functionCallEvent,
      request.toolsDict,
    );
    if (!responseEvent) return;
    const authEvent = generateAuthEvent(context, responseEvent);
    if (authEvent) yield authEvent;
    const confirmationEvent = generateRequestConfirmationEvent(
      context,
      functionCallEvent,
      responseEvent,
    );
    if (confirmationEvent) yield confirmationEvent;
    yield responseEvent;
    const structured = getStructuredModelResponse(responseEvent);
    if (structured !== undefined) yield createFinalModelResponseEvent(context, structured);
    const transferTo = responseEvent.actions.transferToAgent;
    if (transferTo) {
      const target = getAgentToRun(context, transferTo);
      yield* target.runAsync(context);
    }
  }
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
  event.actions = deepClone(skeleton.actions);
  const calls = getFunctionCalls(event);
  if (calls.length > 0) {
    populateClientFunctionCallIds(event);
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
