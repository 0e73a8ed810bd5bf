import type { Command } from 'commander';
import { AgentsDirectoryLoader } from '../config/agents-directory.js';
import { CachePerformanceAnalyzer } from '../context/cache-performance-analyzer.js';
import type { AgentCachePerformance } from '../context/cache-performance-report.js';
import { resolveAgentPath } from './agent-path.js';
import { cacheReportText } from './cache-report-text.js';
import type { CliIo } from './cli-io.js';
import { createCliServices } from './cli-services.js';
import { RUN_USER_ID } from './run-command.js';

/** Options of `adk cache_report` (snake_case as typed, like `adk run`'s). */
export interface CacheReportCommandOptions {
  readonly session_id: string;
  readonly user_id?: string;
  readonly agent_name?: string;
  readonly session_service_uri?: string;
  readonly json?: boolean;
}

/** Adds `adk cache_report AGENT --session_id ID` (alias `cache-report`) to `program`. */
export function registerCacheReportCommand(program: Command, io: CliIo): void {
  program
    .command('cache_report')
    .alias('cache-report')
    .description(
      'Prints the context-cache performance of a stored session (CachePerformanceAnalyzer): hit ratio, cached vs prompt tokens, refreshes, per invocation.',
    )
    .argument('<agent>', 'the path of the app folder whose sessions are read')
    .requiredOption('--session_id <id>', 'the session to analyse')
    .option('--user_id <id>', `the session's user (default ${RUN_USER_ID}, as adk run)`)
    .option(
      '--agent_name <name>',
      'report on this agent only (default: every agent with cache data)',
    )
    .option('--session_service_uri <uri>', 'where sessions are stored (default SQLite in .adk/)')
    .option('--json', 'print the reports as JSON ([{agentName, report}], camelCase)')
    .action(async (agent: string, options: CacheReportCommandOptions) => {
      process.exitCode = await cacheReportCommand(agent, options, io);
    });
}

/**
 * `adk cache_report`: loads the app of the folder `agent` for its name (the
 * name `adk run` stores sessions under), opens the sessions `adk run` and
 * `adk web` write (or `--session_service_uri`), and prints the
 * `CachePerformanceAnalyzer` report of each agent of the session with cache
 * metadata (or of `--agent_name`), as text or `--json`. A missing session
 * throws `SessionNotFoundError`. Returns the exit code.
 */
export async function cacheReportCommand(
  agent: string,
  options: CacheReportCommandOptions,
  io: CliIo,
): Promise<number> {
  const target = await resolveAgentPath(agent);
  const app = await new AgentsDirectoryLoader({ agentsDir: target.agentsDir }).loadApp(
    target.appName,
  );
  const services = await createCliServices({
    agentsDir: target.agentsDir,
    sessionServiceUri: options.session_service_uri,
  });
  try {
    const analyzer = new CachePerformanceAnalyzer({ sessionService: services.sessionService });
    const key = {
      appName: app.name,
      userId: options.user_id ?? RUN_USER_ID,
      sessionId: options.session_id,
    };
    const agentName = options.agent_name;
    const reports: AgentCachePerformance[] = agentName
      ? [{ agentName, report: await analyzer.analyzeAgentCachePerformance({ ...key, agentName }) }]
      : await analyzer.analyzeSessionCachePerformance(key);
    io.stdout.write(
      options.json === true
        ? `${JSON.stringify(reports, null, 2)}\n`
        : cacheReportText(key, reports),
    );
    return 0;
  } finally {
    await services.close();
  }
}
