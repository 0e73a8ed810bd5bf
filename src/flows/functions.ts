import { Context } from '../context/context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { ToolNotFoundError } from '../errors/tool-not-found-error.js';
import { createEvent, type Event } from '../events/event.js';
import { createEventActions, type EventActions } from '../events/event-actions.js';
import { getFunctionCalls } from '../events/event-predicates.js';
import type { ToolConfirmation } from '../events/tool-confirmation.js';
import type { LlmRequestTool } from '../models/llm-request.js';
import { recordSpanError, startAdkSpan } from '../telemetry/adk-tracer.js';
import { traceMergedToolCalls, traceToolCall } from '../telemetry/trace-attributes.js';
import { BaseTool, isBaseTool, type RunToolArguments } from '../tools/base-tool.js';
import type { FunctionCall, FunctionResponse, Part } from '../types/index.js';
import { deepClone } from '../utils/deep-clone.js';
import { getOwn, setOwn } from '../utils/get-own.js';
import { newFunctionCallId } from '../utils/ids.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { mergeOwn } from '../utils/merge-own.js';
import type { LlmAgentContract } from './llm-agent-contract.js';
import { toolFailure, toolSpanError } from './tool-failure.js';

/** The function the framework calls to ask the client for a credential. */
export const REQUEST_EUC_FUNCTION_CALL_NAME = 'adk_request_credential';
/** The function the framework calls to ask the user to confirm a tool call. */
export const REQUEST_CONFIRMATION_FUNCTION_CALL_NAME = 'adk_request_confirmation';

/** Gives every function call without an id a client id `adk-<uuid4>` (spec 000 §6.9). */
export function populateClientFunctionCallIds(event: Event): void {
  for (const call of getFunctionCalls(event)) {
    if (!call.id) call.id = newFunctionCallId();
  }
}

/** The ids of the calls that go to long-running tools (spec 000 §6.2). */
export function getLongRunningFunctionCalls(
  calls: readonly FunctionCall[],
  toolsDict: Readonly<Record<string, LlmRequestTool>>,
): string[] {
  const ids: string[] = [];
  for (const call of calls) {
    const tool = call.name === undefined ? undefined : getOwn(toolsDict, call.name);
    if (tool && (tool as Partial<BaseTool>).isLongRunning && call.id && !ids.includes(call.id)) {
      ids.push(call.id);
    }
  }
  return ids;
}

/** What `handleFunctionCallsAsync` runs: the calls of `functionCallEvent`, with what they run against. */
export interface FunctionCallsRequest extends FunctionCallOptions {
  context: InvocationContext;
  /** The LLM agent whose tools and tool callbacks run the calls. */
  agent: LlmAgentContract;
  functionCallEvent: Event;
  toolsDict: Readonly<Record<string, LlmRequestTool>>;
}

/** What `handleFunctionCallListAsync` runs: a list of calls (resumed calls are not in one event). */
export interface FunctionCallListRequest extends FunctionCallOptions {
  context: InvocationContext;
  /** The LLM agent whose tools and tool callbacks run the calls. */
  agent: LlmAgentContract;
  functionCalls: readonly FunctionCall[];
  toolsDict: Readonly<Record<string, LlmRequestTool>>;
}

/** Which calls to run, and the confirmations that answer some of them. */
export interface FunctionCallOptions {
  /** Run only the calls with these ids. */
  filters?: ReadonlySet<string> | undefined;
  /** A confirmation per call id, passed to the call it answers. */
  toolConfirmations?: Readonly<Record<string, ToolConfirmation>> | undefined;
}

/**
 * Runs every function call of the event concurrently (spec 000 §6.4) and
 * merges their response events, in call order, into one (§6.8). Returns
 * undefined when no call produced a response (long-running tools that
 * answer later). `filters` limits the run to the given call ids;
 * `toolConfirmations` passes a confirmation to the calls they answer.
 */
export function handleFunctionCallsAsync({
  functionCallEvent,
  ...request
}: FunctionCallsRequest): Promise<Event | undefined> {
  return handleFunctionCallListAsync({
    ...request,
    functionCalls: getFunctionCalls(functionCallEvent),
  });
}

/** `handleFunctionCallsAsync` for a list of calls. */
export async function handleFunctionCallListAsync({
  context,
  agent,
  functionCalls,
  toolsDict,
  filters,
  toolConfirmations,
}: FunctionCallListRequest): Promise<Event | undefined> {
  const calls = filters
    ? functionCalls.filter((call) => call.id !== undefined && filters.has(call.id))
    : functionCalls;
  const events = await Promise.all(
    calls.map((call) =>
      executeFunctionCall({
        context,
        agent,
        call,
        toolsDict,
        toolConfirmation:
          call.id && toolConfirmations ? getOwn(toolConfirmations, call.id) : undefined,
      }),
    ),
  );
  const responses = events.filter((event): event is Event => event !== undefined);
  if (responses.length === 0) return undefined;
  const merged = mergeParallelFunctionResponseEvents(responses);
  if (responses.length > 1) {
    const span = startAdkSpan('execute_tool (merged)', context.traceContext);
    if (span.isRecording()) traceMergedToolCalls(span, merged);
    span.end();
  }
  return merged;
}

/** One function call, with what it runs against. */
interface FunctionCallRun {
  context: InvocationContext;
  agent: LlmAgentContract;
  call: FunctionCall;
  toolsDict: Readonly<Record<string, LlmRequestTool>>;
  toolConfirmation: ToolConfirmation | undefined;
}

/** `runFunctionCall` in an `execute_tool {name}` span (adk-python `trace_tool_call`). */
async function executeFunctionCall(run: FunctionCallRun): Promise<Event | undefined> {
  const { context, call, toolsDict } = run;
  const span = startAdkSpan(`execute_tool ${call.name ?? ''}`, context.traceContext);
  try {
    const event = await runFunctionCall(run);
    if (span.isRecording()) {
      const name = call.name ?? '';
      const found = getOwn(toolsDict, name);
      const tool = isBaseTool(found) ? found : new MissingTool(name);
      traceToolCall(
        span,
        { name: tool.name, description: tool.description, typeName: tool.constructor.name },
        call.args ?? {},
        event,
      );
    }
    return event;
  } catch (error) {
    if (span.isRecording()) recordSpanError(span, toolSpanError(error, call.name ?? '', call.id));
    throw error;
  } finally {
    span.end();
  }
}

/**
 * One call's lifecycle (spec 000 §6.5): plugin then agent before-tool
 * callbacks, the tool, on-error hooks, plugin then agent after-tool
 * callbacks; a long-running tool without a result yields no event.
 */
async function runFunctionCall({
  context,
  agent,
  call,
  toolsDict,
  toolConfirmation,
}: FunctionCallRun): Promise<Event | undefined> {
  // The tool gets its own copy: what it does to its arguments never changes the event.
  const args: Record<string, unknown> = call.args ? deepClone(call.args) : {};
  const toolContext = new Context(context, { functionCallId: call.id, toolConfirmation });
  const name = call.name ?? '';
  const found = getOwn(toolsDict, name);
  if (!isBaseTool(found)) {
    const error = new ToolNotFoundError({ toolName: name, availableTools: Object.keys(toolsDict) });
    const missing = new MissingTool(name);
    const recovered = await runOnToolErrorCallbacks({
      context,
      agent,
      tool: missing,
      args,
      toolContext,
      error,
    });
    if (recovered === undefined) throw error;
    return buildResponseEvent(missing, recovered, toolContext, context);
  }
  const tool = found;
  // Python keeps the last callback's value even when it is falsy ({} included),
  // and stops at the first truthy one; only None lets the tool run.
  // With no plugin, the plugin hooks are skipped rather than awaited.
  const plugins = context.pluginManager.hasPlugins;
  let response: unknown = plugins
    ? await context.pluginManager.runBeforeToolCallback({ tool, args, context: toolContext })
    : undefined;
  if (response === undefined) {
    for (const callback of agent.canonicalBeforeToolCallbacks) {
      response = (await callback({ tool, args, context: toolContext })) ?? undefined;
      if (!isFalsy(response)) break;
    }
  }
  if (response === undefined || response === null) {
    try {
      response = await tool.runAsync({ args, context: toolContext });
    } catch (error) {
      const recovered = await runOnToolErrorCallbacks({
        context,
        agent,
        tool,
        args,
        toolContext,
        error,
      });
      if (recovered === undefined) {
        throw toolFailure(error, tool.name, call.id, context.abortSignal);
      }
      response = recovered;
    }
  }
  let altered: unknown = plugins
    ? await context.pluginManager.runAfterToolCallback({
        tool,
        args,
        context: toolContext,
        response: asResponseObject(response),
      })
    : undefined;
  if (altered === undefined) {
    for (const callback of agent.canonicalAfterToolCallbacks) {
      altered =
        (await callback({
          tool,
          args,
          context: toolContext,
          response: asResponseObject(response),
        })) ?? undefined;
      if (!isFalsy(altered)) break;
    }
  }
  if (altered !== undefined && altered !== null) response = altered;
  // A long-running tool may answer later, and a deferring tool's call is answered
  // by the framework (task delegation): no result, no event.
  if ((tool.isLongRunning || tool.defersResponse) && isFalsy(response)) return undefined;
  return buildResponseEvent(tool, response, toolContext, context);
}

/** A failed call: the tool (or the stand-in of a missing one), its arguments, and the error. */
interface ToolErrorRun {
  context: InvocationContext;
  agent: LlmAgentContract;
  tool: BaseTool;
  args: Record<string, unknown>;
  toolContext: Context;
  error: unknown;
}

async function runOnToolErrorCallbacks({
  context,
  agent,
  tool,
  args,
  toolContext,
  error,
}: ToolErrorRun): Promise<Record<string, unknown> | undefined> {
  const fromPlugin = await context.pluginManager.runOnToolErrorCallback({
    tool,
    args,
    context: toolContext,
    error,
  });
  if (fromPlugin !== undefined) return fromPlugin;
  for (const callback of agent.canonicalOnToolErrorCallbacks) {
    const result = await callback({ tool, args, context: toolContext, error });
    if (result !== undefined && result !== null) return result;
  }
  return undefined;
}

/**
 * The function-response event of one call (spec 000 §6.6): a non-object
 * result is wrapped as `{result: …}`; role user; authored by the agent; the
 * tool context's actions attached.
 */
export function buildResponseEvent(
  tool: { name: string },
  result: unknown,
  toolContext: Context,
  context: InvocationContext,
): Event {
  const functionResponse: FunctionResponse = {
    name: tool.name,
    response: asResponseObject(result),
  };
  if (toolContext.functionCallId !== undefined) functionResponse.id = toolContext.functionCallId;
  return createEvent({
    invocationId: context.invocationId,
    author: context.agent.name,
    content: { role: 'user', parts: [{ functionResponse }] },
    actions: toolContext.actions,
    ...(context.branch === undefined ? {} : { branch: context.branch }),
  });
}

/**
 * Merges the response events of parallel calls (spec 000 §6.8): all parts
 * in order, actions deep-merged, the first event's invocation, author,
 * branch and timestamp.
 */
export function mergeParallelFunctionResponseEvents(events: readonly Event[]): Event {
  const first = events[0];
  if (!first) {
    throw new InvalidArgumentError({
      message: 'No function response events provided.',
      argument: 'events',
    });
  }
  if (events.length === 1) return first;
  const parts: Part[] = [];
  const actions: Record<string, unknown> = {};
  for (const event of events) {
    parts.push(...(event.content?.parts ?? []));
    mergeOwn(actions, deepClone(withoutUndefined(event.actions)));
  }
  return createEvent({
    invocationId: first.invocationId,
    author: first.author,
    ...(first.branch === undefined ? {} : { branch: first.branch }),
    content: { role: 'user', parts },
    // Built, not parsed: a zod record drops a `__proto__` key, which Python keeps.
    actions: createEventActions(actions as Partial<EventActions>),
    timestamp: first.timestamp,
  });
}

/**
 * The event asking the client for credentials (spec 000 §6.3): one
 * `adk_request_credential` call per requested auth config, each long-running.
 */
export function generateAuthEvent(
  context: InvocationContext,
  functionResponseEvent: Event,
): Event | undefined {
  const requested = functionResponseEvent.actions.requestedAuthConfigs;
  const entries = Object.entries(requested);
  if (entries.length === 0) return undefined;
  const parts: Part[] = [];
  const ids: string[] = [];
  for (const [functionCallId, authConfig] of entries) {
    const id = newFunctionCallId();
    ids.push(id);
    parts.push({
      functionCall: {
        name: REQUEST_EUC_FUNCTION_CALL_NAME,
        args: { functionCallId, authConfig },
        id,
      },
    });
  }
  return createEvent({
    invocationId: context.invocationId,
    author: context.agent.name,
    ...(context.branch === undefined ? {} : { branch: context.branch }),
    content: { role: functionResponseEvent.content?.role ?? 'user', parts },
    longRunningToolIds: ids,
  });
}

/**
 * The event asking the user to confirm tool calls (spec 000 §6.3): one
 * `adk_request_confirmation` call per requested confirmation, carrying the
 * original call and the confirmation request, each long-running.
 */
export function generateRequestConfirmationEvent(
  context: InvocationContext,
  functionCallEvent: Event,
  functionResponseEvent: Event,
): Event | undefined {
  const requested = Object.entries(functionResponseEvent.actions.requestedToolConfirmations);
  if (requested.length === 0) return undefined;
  const calls = getFunctionCalls(functionCallEvent);
  const parts: Part[] = [];
  const ids: string[] = [];
  for (const [functionCallId, confirmation] of requested) {
    const original = calls.find((call) => call.id === functionCallId);
    if (!original) continue;
    const id = newFunctionCallId();
    ids.push(id);
    parts.push({
      functionCall: {
        name: REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
        args: {
          originalFunctionCall: withoutUndefined({
            id: original.id,
            args: original.args,
            name: original.name,
          }),
          toolConfirmation: withoutUndefined({ ...confirmation }),
        },
        id,
      },
    });
  }
  if (parts.length === 0) return undefined;
  return createEvent({
    invocationId: context.invocationId,
    author: context.agent.name,
    ...(context.branch === undefined ? {} : { branch: context.branch }),
    content: { role: functionResponseEvent.content?.role ?? 'user', parts },
    longRunningToolIds: ids,
  });
}

/** Stands in for a tool the model named but the agent lacks, so error hooks can see its name. */
class MissingTool extends BaseTool {
  constructor(name: string) {
    super({ name, description: 'Tool not found' });
  }

  override runAsync(_args: RunToolArguments): Promise<unknown> {
    return Promise.reject(new ToolNotFoundError({ toolName: this.name, availableTools: [] }));
  }
}

function asResponseObject(result: unknown): Record<string, unknown> {
  return isPlainObject(result) ? result : { result: result === undefined ? null : result };
}

// Python tests the result's truthiness: None, {}, [], '', 0 and False are "no result".
function isFalsy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '')
    return true;
  if (Array.isArray(value)) return value.length === 0;
  return isPlainObject(value) && Object.keys(value).length === 0;
}

function withoutUndefined<T extends object>(value: T): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value))
    if (field !== undefined) setOwn(result, key, field);
  return result;
}
