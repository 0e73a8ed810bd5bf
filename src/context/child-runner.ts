import type { AuthProviderRegistry } from '../auth/auth-provider-registry.js';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import type { Event } from '../events/event.js';
import type { Content } from '../types/index.js';
import type { AgentContract } from './agent-contract.js';
import type { CredentialService } from './credential-service.js';
import type { PluginManagerContract } from './plugin-manager-contract.js';

/** What one child run is given (the arguments of Python AgentTool's child `Runner`). */
export interface ChildRunRequest {
  /** The agent to run, as the root of the child run. */
  readonly agent: AgentContract;
  /** The app and user the child's fresh session belongs to. */
  readonly appName: string;
  readonly userId: string;
  /** The state the child's session starts with (copied; the run never writes it back). */
  readonly state: Readonly<Record<string, unknown>>;
  /** The user message that starts the child's invocation. */
  readonly message: Content;
  /** The artifact service of the child run (AgentTool's forwards to the caller's artifacts). */
  readonly artifactService: BaseArtifactService;
  /** The credential service of the child run, if any. */
  readonly credentialService?: CredentialService | undefined;
  /** The credential providers of the child run (AgentTool's are the caller's App's), if any. */
  readonly authProviderRegistry?: AuthProviderRegistry | undefined;
  /** The plugin manager whose plugins run in the child run; undefined for none. */
  readonly plugins?: PluginManagerContract | undefined;
  /** Stops the child run's model calls and tools when it fires. */
  readonly abortSignal?: AbortSignal | undefined;
}

/**
 * Runs an agent in an invocation of its own (Python AgentTool's child
 * `Runner`; the Runner implements it and sets it on the contexts it makes).
 * `run` starts a fresh in-memory session of `appName` and `userId` with
 * `state`, a fresh in-memory memory service, the request's artifact and
 * credential services and plugins, and the default run config, and runs
 * `agent` on `message` exactly as `Runner.runAsync` runs a root agent:
 * plugin hooks, the user's event committed, then every event the run
 * yields, committed to the child session first unless partial. It yields
 * those events (not the user's), and throws what the run throws.
 */
export interface ChildRunner {
  run(request: ChildRunRequest): AsyncGenerator<Event, void, undefined>;
}
