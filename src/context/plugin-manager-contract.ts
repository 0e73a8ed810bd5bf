import type { Event } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { Content } from '../types/index.js';
import type {
  AfterModelHookArguments,
  AfterToolHookArguments,
  AgentHookArguments,
  BeforeModelHookArguments,
  BeforeToolHookArguments,
  EventHookArguments,
  ModelErrorHookArguments,
  RunHookArguments,
  ToolErrorHookArguments,
  UserMessageHookArguments,
} from './hook-arguments.js';

/**
 * How the framework runs plugin hooks: each `run…` calls the registered
 * plugins in order and returns the first result that is not undefined
 * (undefined when every plugin passes). `PluginManager` (plugins/) implements it.
 */
export interface PluginManagerContract {
  /**
   * False when no plugin is registered: every `run…` then returns undefined,
   * and the flow skips the call (and its await) altogether.
   */
  readonly hasPlugins: boolean;
  runOnUserMessageCallback(args: UserMessageHookArguments): Promise<Content | undefined>;
  runBeforeRunCallback(args: RunHookArguments): Promise<Content | undefined>;
  runOnEventCallback(args: EventHookArguments): Promise<Event | undefined>;
  runAfterRunCallback(args: RunHookArguments): Promise<void>;
  runBeforeAgentCallback(args: AgentHookArguments): Promise<Content | undefined>;
  runAfterAgentCallback(args: AgentHookArguments): Promise<Content | undefined>;
  runBeforeModelCallback(args: BeforeModelHookArguments): Promise<LlmResponse | undefined>;
  runAfterModelCallback(args: AfterModelHookArguments): Promise<LlmResponse | undefined>;
  runOnModelErrorCallback(args: ModelErrorHookArguments): Promise<LlmResponse | undefined>;
  runBeforeToolCallback(
    args: BeforeToolHookArguments,
  ): Promise<Record<string, unknown> | undefined>;
  runAfterToolCallback(args: AfterToolHookArguments): Promise<Record<string, unknown> | undefined>;
  runOnToolErrorCallback(
    args: ToolErrorHookArguments,
  ): Promise<Record<string, unknown> | undefined>;
}
