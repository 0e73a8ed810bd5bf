import type {
  AfterModelHookArguments,
  AfterToolHookArguments,
  AgentHookArguments,
  BeforeModelHookArguments,
  BeforeToolHookArguments,
  EventHookArguments,
  MaybePromise,
  ModelErrorHookArguments,
  RunHookArguments,
  ToolErrorHookArguments,
  UserMessageHookArguments,
} from '../context/hook-arguments.js';
import type { Event } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { Content } from '../types/index.js';

/** The names of the twelve plugin hooks, as `PluginManager` dispatches them. */
export type PluginHookName =
  | 'onUserMessageCallback'
  | 'beforeRunCallback'
  | 'onEventCallback'
  | 'afterRunCallback'
  | 'beforeAgentCallback'
  | 'afterAgentCallback'
  | 'beforeModelCallback'
  | 'afterModelCallback'
  | 'onModelErrorCallback'
  | 'beforeToolCallback'
  | 'afterToolCallback'
  | 'onToolErrorCallback';

/**
 * Base class of plugins (Python `BasePlugin`, spec 003 §14): cross-cutting
 * hooks that apply to every agent a Runner runs.
 *
 * Override any of the twelve hooks; each takes one argument object (the hook
 * vocabulary of `context/hook-arguments.ts`) and may be sync or async. A hook
 * that returns `undefined` lets the framework proceed; one that returns a
 * value short-circuits: the remaining plugins and the agent's own callbacks
 * for that hook are skipped and the value is used (spec 003 §13). Hooks may
 * also change their arguments in place (the request, the tool args), and
 * later plugins and callbacks see the change. Every default does nothing and
 * returns `undefined`.
 *
 * `name` identifies the plugin; a `PluginManager` accepts one plugin per name.
 */
export abstract class BasePlugin {
  /** A unique identifier of this plugin instance within a PluginManager. */
  readonly name: string;

  constructor(name: string) {
    this.name = name;
  }

  /**
   * Runs when a user message arrives, before the invocation starts. Return a
   * Content to replace the user message; `undefined` keeps it.
   */
  onUserMessageCallback(_args: UserMessageHookArguments): MaybePromise<Content | undefined> {
    return undefined;
  }

  /**
   * Runs before the Runner runs the agent, the first hook of an invocation.
   * Return a Content to end the run with it instead of running the agent.
   */
  beforeRunCallback(_args: RunHookArguments): MaybePromise<Content | undefined> {
    return undefined;
  }

  /**
   * Runs for every event the Runner yields, before it is handled. Return an
   * Event to replace it; `undefined` keeps the original.
   */
  onEventCallback(_args: EventHookArguments): MaybePromise<Event | undefined> {
    return undefined;
  }

  /**
   * Runs after the Runner's run has completed, the last hook of an
   * invocation; for cleanup and reporting. Its result is ignored, though (as
   * in Python) a plugin returning a value still stops the later plugins' hooks.
   */
  afterRunCallback(_args: RunHookArguments): MaybePromise<void> {
    return undefined;
  }

  /**
   * Runs before an agent's own logic. Return a Content to skip the agent
   * (and its callbacks) and answer with that content instead.
   */
  beforeAgentCallback(_args: AgentHookArguments): MaybePromise<Content | undefined> {
    return undefined;
  }

  /**
   * Runs after an agent's own logic. Return a Content to add it as the
   * agent's response.
   */
  afterAgentCallback(_args: AgentHookArguments): MaybePromise<Content | undefined> {
    return undefined;
  }

  /**
   * Runs before each model call; may change the request in place. Return an
   * LlmResponse to skip the call and use it (a cache, a guard).
   */
  beforeModelCallback(_args: BeforeModelHookArguments): MaybePromise<LlmResponse | undefined> {
    return undefined;
  }

  /** Runs after each model response. Return an LlmResponse to replace it. */
  afterModelCallback(_args: AfterModelHookArguments): MaybePromise<LlmResponse | undefined> {
    return undefined;
  }

  /**
   * Runs when a model call fails. Return an LlmResponse to use it instead of
   * the error; `undefined` lets the error propagate.
   */
  onModelErrorCallback(_args: ModelErrorHookArguments): MaybePromise<LlmResponse | undefined> {
    return undefined;
  }

  /**
   * Runs before a tool is called; may change `args` in place. Return a
   * result object to skip the tool and use it as the tool's result.
   */
  beforeToolCallback(
    _args: BeforeToolHookArguments,
  ): MaybePromise<Record<string, unknown> | undefined> {
    return undefined;
  }

  /** Runs after a tool returns. Return a result object to replace `response`. */
  afterToolCallback(
    _args: AfterToolHookArguments,
  ): MaybePromise<Record<string, unknown> | undefined> {
    return undefined;
  }

  /**
   * Runs when a tool throws. Return a result object to use it as the tool's
   * result; `undefined` lets the error propagate.
   */
  onToolErrorCallback(
    _args: ToolErrorHookArguments,
  ): MaybePromise<Record<string, unknown> | undefined> {
    return undefined;
  }

  /**
   * Releases the plugin's resources (connections, files) when its Runner
   * closes. `PluginManager.close()` bounds it with a timeout.
   */
  close(): MaybePromise<void> {
    return undefined;
  }
}
