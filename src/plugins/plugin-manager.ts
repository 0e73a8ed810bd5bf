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
} from '../context/hook-arguments.js';
import type { PluginManagerContract } from '../context/plugin-manager-contract.js';
import { AlreadyExistsError } from '../errors/already-exists-error.js';
import { PluginCallbackError } from '../errors/plugin-callback-error.js';
import { PluginCloseError } from '../errors/plugin-close-error.js';
import type { Event } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { Content } from '../types/index.js';
import { logger } from '../utils/logger.js';
import type { BasePlugin, PluginHookName } from './base-plugin.js';

/** Python's default `close_timeout` of 5 seconds. */
const DEFAULT_CLOSE_TIMEOUT_MS = 5_000;

/** Options of a new PluginManager. */
export interface PluginManagerOptions {
  /** Plugins to register, in order; a repeated name throws `AlreadyExistsError`. */
  plugins?: readonly BasePlugin[];
  /** How long `close()` waits for each plugin's `close()`, in milliseconds (default 5000). */
  closeTimeoutMs?: number;
}

type HookArguments<K extends PluginHookName> = Parameters<BasePlugin[K]>[0];
type HookResult<K extends PluginHookName> = Exclude<Awaited<ReturnType<BasePlugin[K]>>, null>;

const noResult: Promise<undefined> = Promise.resolve(undefined);

/**
 * Runs plugin hooks (Python `PluginManager`, spec 003 §14).
 *
 * Every `run…Callback` calls that hook on the registered plugins in
 * registration order, awaiting sync and async hooks alike. The first plugin
 * whose hook returns something other than `undefined` or `null` wins: its
 * value is returned and the later plugins are not called. When every plugin
 * passes, the result is `undefined`. A hook that throws (or rejects) stops
 * the chain with a `PluginCallbackError` naming the plugin and the hook, the
 * thrown value as its `cause`; the failure is logged at error level.
 */
export class PluginManager implements PluginManagerContract {
  private readonly registered: BasePlugin[] = [];
  private readonly closeTimeoutMs: number;
  private skipClosingPlugins = false;

  constructor({
    plugins = [],
    closeTimeoutMs = DEFAULT_CLOSE_TIMEOUT_MS,
  }: PluginManagerOptions = {}) {
    this.closeTimeoutMs = closeTimeoutMs;
    for (const plugin of plugins) this.registerPlugin(plugin);
  }

  /** True when at least one plugin is registered. */
  get hasPlugins(): boolean {
    return this.registered.length > 0;
  }

  /** The registered plugins, in registration (and execution) order. */
  get plugins(): readonly BasePlugin[] {
    return this.registered;
  }

  /**
   * Adds a plugin after those already registered. Throws
   * `AlreadyExistsError` ("Plugin with name 'x' already registered.") when a
   * plugin of the same name is registered.
   */
  registerPlugin(plugin: BasePlugin): void {
    if (this.registered.some((existing) => existing.name === plugin.name)) {
      throw new AlreadyExistsError({
        message: `Plugin with name '${plugin.name}' already registered.`,
      });
    }
    this.registered.push(plugin);
    logger.info(`Plugin '${plugin.name}' registered.`);
  }

  /** The registered plugin whose `name` is `pluginName`, or undefined. */
  getPlugin(pluginName: string): BasePlugin | undefined {
    return this.registered.find((plugin) => plugin.name === pluginName);
  }

  /**
   * When true, `close()` does nothing: for a manager that shares plugins
   * owned by another component (a parent Runner), so they are not torn down
   * while still in use. Python `set_skip_closing_plugins`.
   */
  setSkipClosingPlugins(value: boolean): void {
    this.skipClosingPlugins = value;
  }

  /** Runs `onUserMessageCallback`; the first Content returned replaces the user message. */
  runOnUserMessageCallback(args: UserMessageHookArguments): Promise<Content | undefined> {
    return this.runCallbacks('onUserMessageCallback', args);
  }

  /** Runs `beforeRunCallback`; the first Content returned ends the run with it. */
  runBeforeRunCallback(args: RunHookArguments): Promise<Content | undefined> {
    return this.runCallbacks('beforeRunCallback', args);
  }

  /** Runs `onEventCallback`; the first Event returned replaces the event. */
  runOnEventCallback(args: EventHookArguments): Promise<Event | undefined> {
    return this.runCallbacks('onEventCallback', args);
  }

  /** Runs `afterRunCallback`; a plugin returning a value stops the chain, but the value is dropped. */
  async runAfterRunCallback(args: RunHookArguments): Promise<void> {
    await this.runCallbacks('afterRunCallback', args);
  }

  /** Runs `beforeAgentCallback`; the first Content returned skips the agent. */
  runBeforeAgentCallback(args: AgentHookArguments): Promise<Content | undefined> {
    return this.runCallbacks('beforeAgentCallback', args);
  }

  /** Runs `afterAgentCallback`; the first Content returned becomes the agent's extra response. */
  runAfterAgentCallback(args: AgentHookArguments): Promise<Content | undefined> {
    return this.runCallbacks('afterAgentCallback', args);
  }

  /** Runs `beforeModelCallback`; the first LlmResponse returned replaces the model call. */
  runBeforeModelCallback(args: BeforeModelHookArguments): Promise<LlmResponse | undefined> {
    return this.runCallbacks('beforeModelCallback', args);
  }

  /** Runs `afterModelCallback`; the first LlmResponse returned replaces the response. */
  runAfterModelCallback(args: AfterModelHookArguments): Promise<LlmResponse | undefined> {
    return this.runCallbacks('afterModelCallback', args);
  }

  /** Runs `onModelErrorCallback`; the first LlmResponse returned is used instead of the error. */
  runOnModelErrorCallback(args: ModelErrorHookArguments): Promise<LlmResponse | undefined> {
    return this.runCallbacks('onModelErrorCallback', args);
  }

  /** Runs `beforeToolCallback`; the first object returned is used as the tool result, skipping the tool. */
  runBeforeToolCallback(
    args: BeforeToolHookArguments,
  ): Promise<Record<string, unknown> | undefined> {
    return this.runCallbacks('beforeToolCallback', args);
  }

  /** Runs `afterToolCallback`; the first object returned replaces the tool result. */
  runAfterToolCallback(args: AfterToolHookArguments): Promise<Record<string, unknown> | undefined> {
    return this.runCallbacks('afterToolCallback', args);
  }

  /** Runs `onToolErrorCallback`; the first object returned is used as the result instead of the error. */
  runOnToolErrorCallback(
    args: ToolErrorHookArguments,
  ): Promise<Record<string, unknown> | undefined> {
    return this.runCallbacks('onToolErrorCallback', args);
  }

  /**
   * Closes every plugin, one after another in registration order, giving
   * each at most `closeTimeoutMs`. A failure or timeout does not stop the
   * others; once all were tried, the failures are thrown together as a
   * `PluginCloseError`. Does nothing after `setSkipClosingPlugins(true)`.
   */
  async close(): Promise<void> {
    if (this.skipClosingPlugins) {
      logger.debug('Skipping plugin close; plugins are owned by another component.');
      return;
    }
    const failures = new Map<string, unknown>();
    // Sequential, as in Python: some plugins' resources are not safe to tear down concurrently.
    for (const plugin of this.registered) {
      try {
        await withTimeout(() => plugin.close(), this.closeTimeoutMs, plugin.name);
      } catch (error) {
        failures.set(plugin.name, error);
        if (isTimeout(error)) {
          logger.warn(`Timeout/Cancelled while closing plugin: ${plugin.name}`);
        } else {
          logger.error(`Error during close of plugin ${plugin.name}: ${describe(error)}`, error);
        }
      }
    }
    if (failures.size > 0) throw new PluginCloseError({ failures });
  }

  private runCallbacks<K extends PluginHookName>(
    hookName: K,
    args: HookArguments<K>,
  ): Promise<HookResult<K> | undefined> {
    // Most apps have no plugins: every hook of every step then costs one shared resolved promise.
    if (this.registered.length === 0) return noResult;
    return this.runRegisteredCallbacks(hookName, args);
  }

  private async runRegisteredCallbacks<K extends PluginHookName>(
    hookName: K,
    args: HookArguments<K>,
  ): Promise<HookResult<K> | undefined> {
    for (const plugin of this.registered) {
      const hook = plugin[hookName] as unknown;
      // Plugins written in plain JS may not extend BasePlugin; a missing hook passes.
      if (typeof hook !== 'function') continue;
      let result: unknown;
      try {
        result = await (hook as (hookArgs: HookArguments<K>) => unknown).call(plugin, args);
      } catch (cause) {
        const error = new PluginCallbackError({
          pluginName: plugin.name,
          callbackName: hookName,
          cause,
        });
        logger.error(error.message, cause);
        throw error;
      }
      if (result !== undefined && result !== null) {
        logger.debug(
          `Plugin '${plugin.name}' returned a value for callback '${hookName}', exiting early.`,
        );
        return result as HookResult<K>;
      }
    }
    return undefined;
  }
}

/**
 * Runs `task`, rejecting with a `TimeoutError` DOMException when it has not
 * settled after `timeoutMs`. The task is not cancelled (JS cannot), only
 * abandoned; the timer never keeps the process alive.
 */
async function withTimeout(
  task: () => unknown,
  timeoutMs: number,
  pluginName: string,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(
        new DOMException(
          `Closing plugin '${pluginName}' did not finish within ${timeoutMs} ms.`,
          'TimeoutError',
        ),
      );
    }, timeoutMs);
    timer.unref?.();
  });
  try {
    // The task may throw synchronously; the async wrapper turns that into a rejection.
    await Promise.race([(async () => task())(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'TimeoutError';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
