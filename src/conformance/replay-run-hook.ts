import path from 'node:path';
import type { BaseAgent } from '../agents/base-agent.js';
import type { App } from '../runner/app.js';
import { closeAgentToolsets } from '../runner/close-toolsets.js';
import type { BeforeRunHook, RunOverrides, RunRequestInfo } from '../server/api-server-options.js';
import { Recordings, readYaml } from './corpus.js';
import { REPLAY_CONFIG_KEY, conformanceRunConfigOf, recordingsFileName } from './replay-config.js';
import { ReplayPlugin, ReplaySession, installReplayModels } from './replay.js';

/** Options of `createReplayRunHook`. */
export interface ReplayRunHookOptions {
  /**
   * A freshly built copy of app `appName`, whose agents the replay may
   * change (their models are swapped): never the copy the server runs
   * otherwise. Its toolsets are closed when the run ends.
   */
  loadFreshApp(appName: string): Promise<App>;
  /** `[recorded, live]` string pairs a live request may differ by (see `ReplaySession`). */
  allowedStringDrift?: readonly (readonly [string, string])[];
}

/**
 * The server side of conformance replay (Python's replay plugin in
 * `adk web` / `api_server`), as a `beforeRun` hook. A run whose state delta
 * holds `_adk_replay_config` = `{dir, user_message_index, streaming_mode}`
 * — or, without it there, whose session state holds it (a session created
 * with it replays on every run, as in Python) — runs a fresh copy of its
 * app in which every LLM agent answers from
 * `<dir>/generated-recordings[-sse].yaml`: the n-th model call an agent
 * makes in that user turn must equal (as Python dumps it, ignoring
 * `live_connect_config`, `config.http_options`, `config.labels`) the n-th
 * recording of that agent and turn, and gets the recorded response (both
 * `llm_response` and `llm_responses` recordings); each tool call must match
 * the recorded name and arguments and gets the recorded result. A mismatch,
 * or a call beyond the recordings, fails the run with a
 * `ReplayVerificationError` naming the first differing field (an SSE error
 * frame on `/run_sse`). Returns undefined (the run goes on as loaded) when
 * the key is absent; a malformed config is `InvalidArgumentError`, a missing
 * or invalid recordings file likewise.
 */
export function createReplayRunHook(options: ReplayRunHookOptions): BeforeRunHook {
  return async (request: RunRequestInfo): Promise<RunOverrides | undefined> => {
    const config = conformanceRunConfigOf(request, REPLAY_CONFIG_KEY);
    if (!config) return undefined;
    const recordings = await readYaml(
      path.join(config.dir, recordingsFileName(config.streaming_mode)),
      Recordings,
    );
    const replay = new ReplaySession(recordings, {
      ...(options.allowedStringDrift ? { allowedStringDrift: options.allowedStringDrift } : {}),
    });
    replay.startTurn(config.user_message_index);
    const app = await options.loadFreshApp(request.appName);
    installReplayModels(app.rootAgent, replay);
    return { app, plugins: [new ReplayRunPlugin(replay, app.rootAgent)] };
  };
}

// The replay plugin of one run; the server closes it after the run, which
// is when the fresh app's toolsets (MCP sessions, child processes) go.
class ReplayRunPlugin extends ReplayPlugin {
  constructor(
    session: ReplaySession,
    private readonly root: BaseAgent,
  ) {
    super(session);
  }

  override async close(): Promise<void> {
    await closeAgentToolsets(this.root);
  }
}

/**
 * One `beforeRun` hook made of several: each is asked in turn and the first
 * that returns overrides decides the run (undefined hooks are skipped).
 */
export function chainBeforeRunHooks(
  ...hooks: readonly (BeforeRunHook | undefined)[]
): BeforeRunHook {
  return async (request: RunRequestInfo): Promise<RunOverrides | undefined> => {
    for (const hook of hooks) {
      const overrides = await hook?.(request);
      if (overrides) return overrides;
    }
    return undefined;
  };
}
