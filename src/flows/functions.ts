import type { Span } from '@opentelemetry/api';
import { Context } from '../context/context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { ToolNotFoundError } from '../errors/tool-not-found-error.js';
import { createEvent, type Event, type EventInit } from '../events/event.js';
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

/**
 * Runs one tool call in place of `tool.runAsync`, between the before- and
 * after-tool callbacks (Python's `tool_runner`; the live flow's starts
 * streaming tools in the background and answers `stop_streaming`).
 */
export type ToolRunner = (tool: BaseTool, args: RunToolArguments) => Promise<unknown>;

/** Which calls to run, the confirmations that answer some of them, and how a tool is run. */
export interface FunctionCallOptions {
  /** Run only the calls with these ids. */
  filters?: ReadonlySet<string> | undefined;
  /** A confirmation per call id, passed to the call it answers. */
  toolConfirmations?: Readonly<Record<string, ToolConfirmation>> | undefined;
  /** Runs each tool; by default its `runAsync`. */
  runTool?: ToolRunner | undefined;
}

/**
 * Runs every function call of the event concurrently (spec 000 §6.4) and
 * merges their response events, in call order, into one (§6.8). Returns
 * undefined when no call produced a response (long-running tools that
 * answer later). `filters` limits the run to the given call ids;
 * `toolConfirmations` passes a confirmation to the calls they answer.
 */
export function handleFunctionCallsAsync(
  request: FunctionCallsRequest,
): Promise<Event | undefined> {
  return runFunctionCallList(request, getFunctionCalls(request.functionCallEvent));
}

/** `handleFunctionCallsAsync` for a list of calls. */
export function handleFunctionCallListAsync(
  request: FunctionCallListRequest,
): Promise<Event | undefined> {
  return runFunctionCallList(request, request.functionCalls);
}

/** What the calls of either request run against (read field by field: no copy of the request). */
type FunctionCallListRun = Omit<FunctionCallListRequest, 'functionCalls'>;

// Not async: one call's promise is handed back as it is, where an async
// function would wrap it in a promise of its own, settled by an extra job.
function runFunctionCallList(
  run: FunctionCallListRun,
  functionCalls: readonly FunctionCall[],
): Promise<Event | undefined> {
  const { filters } = run;
  const calls = filters
    ? functionCalls.filter((call) => call.id !== undefined && filters.has(call.id))
    : functionCalls;
  // One call's event is the merge of one event: it is returned as it is, with
  // no list to gather, filter and merge (nor a merged span, as before).
  if (calls.length !== 1) return runParallelFunctionCalls(run, calls);
  return runListedCall(run, calls[0]!);
}

function runListedCall(
  { context, agent, toolsDict, toolConfirmations, runTool }: FunctionCallListRun,
  call: FunctionCall,
): Promise<Event | undefined> {
  const confirmation = confirmationOf(call, toolConfirmations);
  return runFunctionCall(context, agent, call, toolsDict, confirmation, runTool);
}

async function runParallelFunctionCalls(
  run: FunctionCallListRun,
  calls: readonly FunctionCall[],
): Promise<Event | undefined> {
  const { context } = run;
  const events = await Promise.all(calls.map((call) => runListedCall(run, call)));
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

function confirmationOf(
  call: FunctionCall,
  toolConfirmations: Readonly<Record<string, ToolConfirmation>> | undefined,
): ToolConfirmation | undefined {
  return call.id && toolConfirmations ? getOwn(toolConfirmations, call.id) : undefined;
}

/**
 * One call's lifecycle (spec 000 §6.5), in an `execute_tool {name}` span
 * (adk-python `trace_tool_call`): plugin then agent before-tool callbacks,
 * the tool, on-error hooks, plugin then agent after-tool callbacks; a
 * long-running tool without a result yields no event.
 */
async function runFunctionCall(
  context: InvocationContext,
  agent: LlmAgentContract,
  call: FunctionCall,
  toolsDict: Readonly<Record<string, LlmRequestTool>>,
  toolConfirmation: ToolConfirmation | undefined,
  runTool: ToolRunner | undefined,
): Promise<Event | undefined> {
  const name = call.name ?? '';
  const span = startAdkSpan(`execute_tool ${name}`, context.traceContext);
  try {
    // The tool gets its own copy: what it does to its arguments never changes the event.
    const args: Record<string, unknown> = call.args ? deepClone(call.args) : {};
    const toolContext = new Context(context, { functionCallId: call.id, toolConfirmation });
    const found = getOwn(toolsDict, name);
    if (!isBaseTool(found)) {
      const missing = new MissingTool(name);
      const error = new ToolNotFoundError({
        toolName: name,
        availableTools: Object.keys(toolsDict),
      });
      const recovered = await runOnToolErrorCallbacks(
        context,
        agent,
        missing,
        args,
        toolContext,
        error,
      );
      if (recovered === undefined) throw error;
      const event = buildResponseEvent(missing, recovered, toolContext, context);
      if (span.isRecording()) traceCall(span, missing, call, event);
      return event;
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
        response = runTool
          ? await runTool(tool, { args, context: toolContext })
          : await tool.runAsync({ args, context: toolContext });
      } catch (error) {
        const recovered = await runOnToolErrorCallbacks(
          context,
          agent,
          tool,
          args,
          toolContext,
          error,
        );
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
    const event =
      (tool.isLongRunning || tool.defersResponse) && isFalsy(response)
        ? undefined
        : buildResponseEvent(tool, response, toolContext, context);
    if (span.isRecording()) traceCall(span, tool, call, event);
    return event;
  } catch (error) {
    if (span.isRecording()) recordSpanError(span, toolSpanError(error, name, call.id));
    throw error;
  } finally {
    span.end();
  }
}

function traceCall(span: Span, tool: BaseTool, call: FunctionCall, event: Event | undefined): void {
  traceToolCall(
    span,
    { name: tool.name, description: tool.description, typeName: tool.constructor.name },
    call.args ?? {},
    event,
  );
}

async function runOnToolErrorCallbacks(
  context: InvocationContext,
  agent: LlmAgentContract,
  tool: BaseTool,
  args: Record<string, unknown>,
  toolContext: Context,
  error: unknown,
): Promise<Record<string, unknown> | undefined> {
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
  // Built field by field: a spread of a conditional object costs a generic copy per call.
  const init: EventInit = {
    invocationId: context.invocationId,
    author: context.agent.name,
    content: { role: 'user', parts: [{ functionResponse }] },
    actions: toolContext.actions,
  };
  if (context.branch !== undefined) init.branch = context.branch;
  return createEvent(init);
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
  if (isEmptyRecord(requested)) return undefined;
  const parts: Part[] = [];
  const ids: string[] = [];
  for (const [functionCallId, authConfig] of Object.entries(requested)) {
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
  const requested = functionResponseEvent.actions.requestedToolConfirmations;
  if (isEmptyRecord(requested)) return undefined;
  const calls = getFunctionCalls(functionCallEvent);
  const parts: Part[] = [];
  const ids: string[] = [];
  for (const [functionCallId, confirmation] of Object.entries(requested)) {
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

/** A tool result as a function response's `response` (Python's rule: a non-object is `{result: …}`). */
export function asResponseObject(result: unknown): Record<string, unknown> {
  return isPlainObject(result) ? result : { result: result === undefined ? null : result };
}

// Python tests the result's truthiness: None, {}, [], '', 0 and False are "no result".
function isFalsy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '')
    return true;
  if (Array.isArray(value)) return value.length === 0;
  return isPlainObject(value) && Object.keys(value).length === 0;
}

// Every response event is asked whether it requests something: most do not,
// and this answers without the entry list `Object.entries` would build.
function isEmptyRecord(record: object): boolean {
  for (const key in record) if (Object.hasOwn(record, key)) return false;
  return true;
}

function withoutUndefined<T extends object>(value: T): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value))
    if (field !== undefined) setOwn(result, key, field);
  return result;
}
