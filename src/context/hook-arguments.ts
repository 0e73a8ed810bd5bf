import type { Event } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { Content } from '../types/index.js';
import type { AgentContract } from './agent-contract.js';
import type { Context } from './context.js';
import type { InvocationContext } from './invocation-context.js';
import type { ToolContract } from './tool-contract.js';

/*
 * The one vocabulary of hook arguments, shared by agent callbacks and plugin
 * hooks alike (ARCHITECTURE.md §1 point 3; docs/decisions/0002). Every hook
 * takes a single object; the same thing has the same name everywhere:
 * `invocationContext`, `userMessage`, `event`, `agent`, `context`, `request`,
 * `response`, `error`, `tool`, `args`.
 */

/** Arguments of `onUserMessageCallback`. */
export interface UserMessageHookArguments {
  invocationContext: InvocationContext;
  userMessage: Content;
}

/** Arguments of `beforeRunCallback` and `afterRunCallback`. */
export interface RunHookArguments {
  invocationContext: InvocationContext;
}

/** Arguments of `onEventCallback`. */
export interface EventHookArguments {
  invocationContext: InvocationContext;
  event: Event;
}

/** Arguments of `beforeAgentCallback` and `afterAgentCallback`. */
export interface AgentHookArguments<TAgent extends AgentContract = AgentContract> {
  agent: TAgent;
  context: Context;
}

/** Arguments of `beforeModelCallback`. */
export interface BeforeModelHookArguments {
  context: Context;
  request: LlmRequest;
}

/** Arguments of `afterModelCallback`. */
export interface AfterModelHookArguments {
  context: Context;
  response: LlmResponse;
}

/** Arguments of `onModelErrorCallback`. */
export interface ModelErrorHookArguments {
  context: Context;
  request: LlmRequest;
  error: unknown;
}

/** Arguments of `beforeToolCallback`. */
export interface BeforeToolHookArguments<TTool extends ToolContract = ToolContract> {
  tool: TTool;
  args: Record<string, unknown>;
  context: Context;
}

/** Arguments of `afterToolCallback`: `response` is the tool's result. */
export interface AfterToolHookArguments<
  TTool extends ToolContract = ToolContract,
> extends BeforeToolHookArguments<TTool> {
  response: Record<string, unknown>;
}

/** Arguments of `onToolErrorCallback`. */
export interface ToolErrorHookArguments<
  TTool extends ToolContract = ToolContract,
> extends BeforeToolHookArguments<TTool> {
  error: unknown;
}

/** A value or a promise of it: every hook may be sync or async. */
export type MaybePromise<T> = T | Promise<T>;
