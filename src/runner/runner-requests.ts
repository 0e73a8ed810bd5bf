import type { BaseAgent } from '../agents/base-agent.js';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import type { ResumabilityConfig } from '../context/app-configs.js';
import type { CredentialService } from '../context/credential-service.js';
import type { LiveRequestQueue } from '../context/live-request-queue.js';
import type { RunConfig } from '../context/run-config.js';
import type { BaseMemoryService } from '../memory/base-memory-service.js';
import type { BasePlugin } from '../plugins/base-plugin.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import type { Content } from '../types/index.js';
import type { App } from './app.js';

/** Fields of a Runner: an `app`, or an `agent` with an `appName`, plus the services. */
export interface RunnerConfig {
  /** The app to run; exclusive with `agent`. */
  app?: App;
  /** The root agent to run; exclusive with `app`, and needs `appName`. */
  agent?: BaseAgent;
  /** The app name sessions are stored under; defaults to `app.name`. */
  appName?: string;
  /** Plugins, when running a bare agent (an App carries its own). */
  plugins?: readonly BasePlugin[];
  /** Resumability, when running a bare agent (an App carries its own). */
  resumabilityConfig?: ResumabilityConfig;
  sessionService: BaseSessionService;
  artifactService?: BaseArtifactService;
  memoryService?: BaseMemoryService;
  credentialService?: CredentialService;
  /** Create the session on first use instead of throwing `SessionNotFoundError`. */
  autoCreateSession?: boolean;
  /** How long `close` waits for each plugin, in milliseconds. */
  pluginCloseTimeoutMs?: number;
}

/** Arguments of `runAsync`. */
export interface RunAsyncRequest {
  userId: string;
  sessionId: string;
  /** The user's message; its role defaults to `user`. */
  newMessage?: Content;
  /** State changes committed with the user's message. */
  stateDelta?: Record<string, unknown>;
  /** Run settings; Python's defaults fill what is left out. */
  runConfig?: Partial<RunConfig>;
  /**
   * In a resumable app, the invocation to resume. In an app that is not
   * resumable, the id of the new invocation the `newMessage` starts (as
   * Python does); without a `newMessage` that throws
   * `InvocationNotResumableError`.
   */
  invocationId?: string;
  /** Stops the run's model calls and tools when it fires. */
  abortSignal?: AbortSignal;
  /** Also yield the user's event before the agent's. */
  yieldUserMessage?: boolean;
}

/** Arguments of `runLive`. */
export interface RunLiveRequest {
  userId: string;
  sessionId: string;
  /** Where the client sends its live input (content, realtime blobs, activity, close). */
  liveRequestQueue: LiveRequestQueue;
  /** Run settings; Python's defaults fill what is left out. */
  runConfig?: Partial<RunConfig>;
  /** Ends the live run (and closes the model's session) when it fires. */
  abortSignal?: AbortSignal;
}
