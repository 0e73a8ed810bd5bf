import type { BaseAgent } from '../agents/base-agent.js';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import type { CredentialService } from '../context/credential-service.js';
import type { BaseMemoryService } from '../memory/base-memory-service.js';
import type { BasePlugin } from '../plugins/base-plugin.js';
import type { App } from '../runner/app.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import type { Content } from '../types/index.js';
import type { AgentLoader } from './agent-loader.js';
import type { DevUiOptions } from './dev-ui-routes.js';
import type { DevRoutesOptions } from './dev-routes.js';

/** Options of `--a2a` (`ApiServerOptions.a2a`). */
export interface A2aAppsOptions {
  /**
   * The agents directory. An app whose folder holds an `agent.json` card
   * (`<agentsDir>/<app_name>/agent.json`, A2A 0.3 or 1.0 JSON) is served
   * with that card, as adk-python's `--a2a` serves it; the other apps get a
   * card built from their agent tree. Without it every app gets a built card.
   */
  agentsDir?: string;
}

/** What a `beforeRun` hook learns about a `/run` or `/run_sse` request. */
export interface RunRequestInfo {
  /** The app the request runs (validated and loaded). */
  readonly appName: string;
  readonly userId: string;
  readonly sessionId: string;
  readonly newMessage: Content | undefined;
  /** The request's state delta as sent (e.g. `_adk_replay_config` for conformance replay). */
  readonly stateDelta: Readonly<Record<string, unknown>> | undefined;
  /**
   * The stored session's state before this run (the request's `stateDelta`
   * not yet applied), or undefined when the session does not exist yet
   * (`autoCreateSession`). Python's replay plugin reads `_adk_replay_config`
   * from the session state, where a session created with it keeps it.
   */
  readonly sessionState: Readonly<Record<string, unknown>> | undefined;
  readonly invocationId: string | undefined;
  /** True for `/run_sse` with `streaming: true`. */
  readonly streaming: boolean;
  /** The app as the loader gave it. */
  readonly app: App;
}

/**
 * What a `beforeRun` hook may change for one run. When it returns either
 * field, the run gets its own Runner (same services and settings) instead
 * of the app's cached one. The plugins it returns are closed after the run;
 * an app it returns stays the hook's to clean up (its toolsets are not
 * closed by the server, since they may be shared with the loaded app).
 */
export interface RunOverrides {
  /** Runs this app (or root agent) instead of the loaded one, under the same app name. */
  readonly app?: App | BaseAgent;
  /** More plugins for this run, after the app's and the server's. */
  readonly plugins?: readonly BasePlugin[];
}

/**
 * Called before every `/run` and `/run_sse` run, after the request is
 * validated and before the run starts. Returning nothing runs the app as
 * loaded. This is the seam for conformance replay: the CLI reads
 * `_adk_replay_config` from the state delta, else the session state, and
 * returns a replaying app and plugin, so the server itself never imports
 * test code. A hook that throws fails the request like any other error (its
 * AdkError status, else 500).
 */
export type BeforeRunHook = (
  request: RunRequestInfo,
) => RunOverrides | undefined | void | Promise<RunOverrides | undefined | void>;

/** Options of `createApiServer`. */
export interface ApiServerOptions {
  /** Where apps come from. */
  agentLoader: AgentLoader;
  /** Where sessions are stored (shared by every app). */
  sessionService: BaseSessionService;
  /** Where artifacts are stored; without it the artifact routes answer 400. */
  artifactService?: BaseArtifactService;
  /** Long-term memory; without it `PATCH …/memory` answers 400, as in Python. */
  memoryService?: BaseMemoryService;
  /** Credentials for tools that authenticate. */
  credentialService?: CredentialService;
  /**
   * Origins allowed to call the server from a browser: literal origins,
   * `*` for any, or `regex:<pattern>` entries matched against the whole
   * origin (Python's `--allow_origins`). CORS headers are sent only when
   * this is non-empty. Same-origin requests are always allowed.
   */
  allowOrigins?: readonly string[];
  /**
   * A path prefix the routes are also served under (`/adk` serves
   * `/adk/list-apps` as well as `/list-apps`), for a reverse proxy that
   * forwards the prefix. Starts with `/`, no trailing `/`.
   */
  urlPrefix?: string;
  /** Create a missing session on `/run` and `/run_sse` instead of answering 404. */
  autoCreateSession?: boolean;
  /** The largest request body accepted, in bytes (default 10 MiB); larger ones get 413. */
  bodyLimit?: number;
  /** The version `/version` reports (default this package's version). */
  version?: string;
  /** Plugins added to every app's runner, after the app's own (Python `--extra_plugins`). */
  plugins?: readonly BasePlugin[];
  /** The app `/run` and `/run_sse` use when the request names none (Python `ADK_DEFAULT_APP_NAME`). */
  defaultAppName?: string;
  /** A limit on model calls per run, passed to every run's RunConfig (Python `max_llm_calls`). */
  maxLlmCalls?: number;
  /** See `BeforeRunHook`. */
  beforeRun?: BeforeRunHook;
  /**
   * Send the messages of unexpected errors (not ADK errors) to clients, in
   * 500 bodies and SSE error frames. Off by default: such messages may hold
   * internal details (paths, connection strings). ADK errors' messages are
   * always sent. Either way the full error is logged.
   */
  exposeErrorMessages?: boolean;
  /**
   * The address the server is bound to, when known (`serveApiServer` sets
   * it). When it is a loopback address, requests whose `Host` header names
   * another host get 403 (a DNS-rebinding guard), unless `allowOrigins`
   * lists that host or holds `*`.
   */
  bindHost?: string;
  /**
   * Serve the dev UI at `/dev-ui/` (`adk web`): `true` for the built UI at
   * its default location, or options (assets directory, logo). Off by
   * default (`adk api_server`).
   */
  devUi?: boolean | DevUiOptions;
  /**
   * Serve every app over A2A at `/a2a/<app_name>` (`--a2a`); needs the
   * optional `@a2a-js/sdk`. `true` gives every app a card built from its
   * agent tree; options name where apps' own `agent.json` cards are.
   */
  a2a?: boolean | A2aAppsOptions;
  /**
   * Serve adk-python's dev-server routes (`adk web`): debug traces from a
   * span store, the agent graph, eval listings (docs/dev-ui.md). Off by
   * default.
   */
  dev?: DevRoutesOptions;
}
