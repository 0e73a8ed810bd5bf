import path from 'node:path';
import type { Command } from 'commander';
import type { BaseAgent } from '../agents/base-agent.js';
import { AgentsDirectoryLoader } from '../config/agents-directory.js';
import { chainBeforeRunHooks, createReplayRunHook } from '../conformance/replay-run-hook.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { App } from '../runner/app.js';
import { closeAgentToolsets } from '../runner/close-toolsets.js';
import type { AgentLoader } from '../server/agent-loader.js';
import type { RunRequestInfo } from '../server/api-server-options.js';
import type { DevRoutesOptions } from '../server/dev-routes.js';
import { serveApiServer } from '../server/serve-api-server.js';
import { InMemorySpanStore, registerSpanStore } from '../telemetry/span-store.js';
import { setLogLevel } from '../utils/logger.js';
import type { CliIo } from './cli-io.js';
import { createCliServices } from './cli-services.js';
import { refuseEvalStorageUri } from './eval-storage-uri.js';
import { parseLogLevel } from './log-level.js';
import { onShutdownSignal } from './shutdown.js';

/** Options of `adk web` and `adk api_server` (Python's flags that apply here). */
export interface ServeCommandOptions {
  readonly host: string;
  readonly port: string;
  readonly allow_origins?: readonly string[];
  readonly session_service_uri?: string;
  readonly artifact_service_uri?: string;
  readonly memory_service_uri?: string;
  readonly auto_create_session?: boolean;
  readonly reload_agents?: boolean;
  readonly url_prefix?: string;
  /** Serve every app over A2A at `/a2a/<app_name>`, with its `agent.json` card when it has one. */
  readonly a2a?: boolean;
  readonly log_level?: string;
  readonly verbose?: boolean;
  /** `adk web`: also serve the dev UI at `/dev-ui/`. */
  readonly web?: boolean;
  readonly logo_text?: string;
  readonly logo_image_url?: string;
  /** Python's `--eval_storage_uri` (gs:// only there): refused, see `refuseEvalStorageUri`. */
  readonly eval_storage_uri?: string;
}

/** Adds `adk web` and `adk api_server` to `program`. */
export function registerServeCommands(program: Command, io: CliIo): void {
  for (const [name, description] of [
    ['web', 'Serves the agents of AGENTS_DIR over HTTP for development (Python `adk web`).'],
    [
      'api_server',
      'Serves the agents of AGENTS_DIR over the ADK HTTP API (Python `adk api_server`).',
    ],
  ] as const) {
    const command = program
      .command(name)
      .description(description)
      .argument('[agents_dir]', 'the folder holding one folder per app', '.')
      .option('--host <host>', 'the address to bind', '127.0.0.1')
      .option('--port <port>', 'the port to listen on (0: any free port)', '8000')
      .option(
        '--allow_origins <origin...>',
        'origins allowed by CORS: literal origins, * or regex:<pattern> (repeatable)',
      )
      .option('--session_service_uri <uri>', 'where sessions are stored (default SQLite in .adk/)')
      .option('--artifact_service_uri <uri>', 'where artifacts are stored (default .adk/artifacts)')
      .option('--memory_service_uri <uri>', 'the memory service (default in memory)')
      .option(
        '--eval_storage_uri <uri>',
        'where eval sets and results are kept (Python: gs://; here always the agents directory)',
      )
      .option('--auto_create_session', 'create a missing session on /run and /run_sse')
      .option('--reload_agents', 'load an app again when its files change')
      .option(
        '--a2a',
        'also serve every app over A2A at /a2a/<app_name>, with its agent.json card if it has one (needs @a2a-js/sdk)',
      )
      .option('--url_prefix <prefix>', 'also serve every route under this path prefix, e.g. /adk')
      .option('--log_level <level>', 'DEBUG, INFO, WARNING, ERROR or CRITICAL', 'INFO')
      .option('-v, --verbose', 'the same as --log_level DEBUG');
    if (name === 'web') {
      command
        .option('--logo_text <text>', 'the text of the dev UI logo')
        .option('--logo_image_url <url>', 'the image URL of the dev UI logo');
    }
    command.action(async (agentsDir: string, options: ServeCommandOptions) => {
      process.exitCode = await serveCommand(agentsDir, { ...options, web: name === 'web' }, io);
    });
  }
}

/**
 * `adk web` / `adk api_server`: serves every app of `agentsDir` with the
 * HTTP API server until Ctrl-C (SIGINT) or SIGTERM, then shuts down
 * cleanly: the server stops (running agents are stopped, connections
 * closed), the loaded apps' toolsets are closed and the session store is
 * closed. With `--reload_agents`, an app whose files changed is loaded
 * again for listings and runs. Prints the URL once listening. Returns the
 * exit code (0).
 */
export async function serveCommand(
  agentsDirArgument: string,
  options: ServeCommandOptions,
  io: CliIo,
): Promise<number> {
  setLogLevel(options.verbose ? 'debug' : parseLogLevel(options.log_level ?? 'INFO'));
  if (options.eval_storage_uri !== undefined) refuseEvalStorageUri(options.eval_storage_uri);
  const port = parsePort(options.port);
  const agentsDir = path.resolve(agentsDirArgument);
  const directory = new AgentsDirectoryLoader({
    agentsDir,
    reload: options.reload_agents === true,
  });
  await directory.listApps();
  const loaded = new Set<BaseAgent>();
  const agentLoader: AgentLoader = {
    listApps: () => directory.listApps(),
    listAppsDetailed: () => directory.listAppsDetailed(),
    loadApp: async (appName: string): Promise<App> => {
      const app = await directory.loadApp(appName);
      loaded.add(app.rootAgent);
      return app;
    },
  };
  const services = await createCliServices({
    agentsDir,
    sessionServiceUri: options.session_service_uri,
    artifactServiceUri: options.artifact_service_uri,
    memoryServiceUri: options.memory_service_uri,
  });
  let stopRequested: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    stopRequested = resolve;
  });
  const removeSignalHandlers = onShutdownSignal(() => stopRequested());
  try {
    const handle = await serveApiServer({
      agentLoader,
      sessionService: services.sessionService,
      artifactService: services.artifactService,
      memoryService: services.memoryService,
      host: options.host,
      port,
      ...(options.allow_origins ? { allowOrigins: options.allow_origins } : {}),
      ...(options.url_prefix ? { urlPrefix: options.url_prefix } : {}),
      autoCreateSession: options.auto_create_session === true,
      ...(options.a2a ? { a2a: { agentsDir } } : {}),
      // A local development server shows what failed, as Python's sends str(e);
      // api_server keeps the messages of unexpected errors to its log.
      exposeErrorMessages: options.web === true,
      ...(options.web ? { dev: devRoutes(agentsDir, io) } : {}),
      ...(options.web
        ? {
            devUi: {
              ...(options.logo_text ? { logoText: options.logo_text } : {}),
              ...(options.logo_image_url ? { logoImageUrl: options.logo_image_url } : {}),
            },
          }
        : {}),
      // Conformance replay first (`_adk_replay_config` in the state delta,
      // as Python's adk web honours it); then, with --reload_agents, a
      // reloaded app runs through a runner of its own until the server asks
      // the loader again.
      beforeRun: chainBeforeRunHooks(
        createReplayRunHook({ loadFreshApp: (appName) => loadFreshApp(agentsDir, appName) }),
        options.reload_agents
          ? async ({ appName, app }: RunRequestInfo) => {
              const current = await agentLoader.loadApp(appName);
              return current === app ? undefined : { app: current };
            }
          : undefined,
      ),
    });
    const prefix = options.url_prefix ?? '';
    io.stdout.write(
      `ADK API server started at ${handle.url}${prefix} serving ${agentsDir}\n` +
        (options.web ? `Dev UI: ${handle.url}${prefix}/dev-ui/\n` : '') +
        'Press Ctrl-C to stop.\n',
    );
    await stopped;
    io.stdout.write('Shutting down...\n');
    await handle.close();
    return 0;
  } finally {
    removeSignalHandlers();
    // The server closed its runners' toolsets; apps replaced by a reload have
    // no runner of their own left, so every loaded tree is closed (closing
    // twice is harmless).
    for (const agent of loaded) await closeAgentToolsets(agent);
    await services.close();
  }
}

// Replay swaps the agents' models, so a replayed run gets a copy of its app
// that nothing else uses.
function loadFreshApp(agentsDir: string, appName: string): Promise<App> {
  return new AgentsDirectoryLoader({ agentsDir }).loadApp(appName);
}

function parsePort(port: string): number {
  const value = Number(port);
  if (!/^[0-9]+$/.test(port) || value > 65535) {
    throw new InvalidArgumentError({
      argument: 'port',
      message: `Invalid --port ${JSON.stringify(port)}: use a number from 0 to 65535.`,
    });
  }
  return value;
}

/**
 * `adk web`'s dev routes: an in-process span store registered as the
 * OpenTelemetry tracer provider (unless the user's SDK already is, whose
 * exporter then gets the spans and the Trace tab stays empty).
 */
function devRoutes(agentsDirectory: string, io: CliIo): DevRoutesOptions {
  const spanStore = new InMemorySpanStore();
  if (registerSpanStore(spanStore)) return { spanStore, agentsDirectory };
  io.stderr.write(
    'An OpenTelemetry tracer provider is already registered: spans go to it, and the dev UI ' +
      'shows no traces.\n',
  );
  return { agentsDirectory };
}
