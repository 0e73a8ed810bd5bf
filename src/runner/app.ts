import type { BaseAgent } from '../agents/base-agent.js';
import {
  createContextCacheConfig,
  type ContextCacheConfig,
  type ContextCacheConfigInput,
  type ResumabilityConfig,
} from '../context/app-configs.js';
import {
  type EventsCompactionConfig,
  validateEventsCompactionConfig,
} from '../context/events-compaction-config.js';
import type { AuthProviderRegistry } from '../auth/auth-provider-registry.js';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import type { BasePlugin } from '../plugins/base-plugin.js';

/** Fields of an App. */
export interface AppConfig {
  /** An identifier, not `user`; sessions are stored under it. */
  name: string;
  /** The agent every run starts from. */
  rootAgent: BaseAgent;
  /** Plugins, run in this order at every hook, before agent callbacks. */
  plugins?: readonly BasePlugin[];
  /** Makes paused invocations resumable. */
  resumabilityConfig?: ResumabilityConfig;
  /**
   * Context caching for the app's model calls; validated and completed with
   * its defaults when the App is built (`InvalidContextCacheConfigError`).
   */
  contextCacheConfig?: ContextCacheConfigInput;
  /**
   * Compaction of old events into summaries (sliding window and/or token
   * threshold; see `EventsCompactionConfig`), run by the Runner after each
   * invocation and by the flow before model calls.
   */
  eventsCompactionConfig?: EventsCompactionConfig;
  /**
   * Credential providers by scheme type, consulted by authenticated tools
   * that were given no registry of their own.
   */
  authProviderRegistry?: AuthProviderRegistry;
}

const identifierPattern = /^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*$/u;

/** Throws `InvalidAgentConfigError` unless `name` can name an app (Python `validate_app_name`). */
export function validateAppName(name: string): void {
  if (!identifierPattern.test(name)) {
    throw new InvalidAgentConfigError({
      message:
        `Invalid app name '${name}': must be a valid identifier consisting of letters, digits, ` +
        'and underscores.',
    });
  }
  if (name === 'user') {
    throw new InvalidAgentConfigError({
      message: "App name cannot be 'user'; reserved for end-user input.",
    });
  }
}

/**
 * An application (Python `App`): a named root agent with the plugins and
 * app-wide settings every run uses. Throws `InvalidAgentConfigError` for a
 * bad name and `InvalidContextCacheConfigError` for a context cache config
 * out of bounds.
 */
export class App {
  readonly name: string;
  readonly rootAgent: BaseAgent;
  readonly plugins: readonly BasePlugin[];
  readonly resumabilityConfig: ResumabilityConfig | undefined;
  readonly contextCacheConfig: ContextCacheConfig | undefined;
  readonly eventsCompactionConfig: EventsCompactionConfig | undefined;
  readonly authProviderRegistry: AuthProviderRegistry | undefined;

  /**
   * Throws `InvalidAgentConfigError` for an invalid name, an invalid
   * `eventsCompactionConfig`, or one without a summarizer whose root agent
   * has no model to summarize with.
   */
  constructor(config: AppConfig) {
    validateAppName(config.name);
    this.name = config.name;
    this.rootAgent = config.rootAgent;
    this.plugins = [...(config.plugins ?? [])];
    this.resumabilityConfig = config.resumabilityConfig;
    this.contextCacheConfig =
      config.contextCacheConfig === undefined
        ? undefined
        : createContextCacheConfig(config.contextCacheConfig);
    this.eventsCompactionConfig = checkCompactionConfig(config);
    this.authProviderRegistry = config.authProviderRegistry;
  }
}

function checkCompactionConfig(config: AppConfig): EventsCompactionConfig | undefined {
  if (config.eventsCompactionConfig === undefined) return undefined;
  const compaction = validateEventsCompactionConfig(config.eventsCompactionConfig);
  // Python finds out after the first invocation; the default summarizer needs an LLM root agent.
  if (!compaction.summarizer && !('canonicalModel' in config.rootAgent)) {
    throw new InvalidAgentConfigError({
      message: 'No LlmAgent model available for event compaction summarizer.',
    });
  }
  return compaction;
}
