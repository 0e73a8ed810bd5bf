import { Command } from 'commander';
import { adkVersion } from '../server/version.js';
import { registerCacheReportCommand } from './cache-report-command.js';
import type { CliIo } from './cli-io.js';
import { registerConformanceCommands } from './conformance-command.js';
import { registerCreateCommand } from './create-command.js';
import { registerEvalCommand } from './eval-command.js';
import { registerEvalSetCommands } from './eval-set-command.js';
import { registerRunCommand } from './run-command.js';
import { registerServeCommands } from './serve-command.js';

/**
 * The `adk` command line: `create`, `run`, `eval`, `eval_set`, `web`, `api_server` and
 * `cache_report`, with
 * their output on `io`. Commands set `process.exitCode`; errors they throw
 * reach the caller of `parseAsync`.
 */
export function createProgram(io: CliIo): Command {
  const program = new Command('adk')
    .description('Agent Development Kit for TypeScript: create, run and serve agents.')
    .version(adkVersion())
    .showHelpAfterError()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    });
  registerCreateCommand(program, io);
  registerRunCommand(program, io);
  registerEvalCommand(program, io);
  registerEvalSetCommands(program, io);
  registerServeCommands(program, io);
  registerConformanceCommands(program, io);
  registerCacheReportCommand(program, io);
  return program;
}
