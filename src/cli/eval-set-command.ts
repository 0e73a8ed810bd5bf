import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { VERBATIM, modelRule } from '../events/json-casing.js';
import {
  CONVERSATION_SCENARIOS_CASING_RULE,
  ConversationScenarios,
  type ConversationScenario,
  userPersonaToPython,
} from '../evaluation/conversation-scenarios.js';
import { SessionInput } from '../evaluation/eval-case.js';
import { parseEvalJson } from '../evaluation/eval-json.js';
import { LocalEvalSetsManager } from '../evaluation/local-eval-sets-manager.js';
import { createDefaultUserPersonaRegistry } from '../evaluation/simulation/pre-built-personas.js';
import type { UserPersonaRegistry } from '../evaluation/simulation/user-simulator-personas.js';
import { setLogLevel } from '../utils/logger.js';
import { resolveAgentPath } from './agent-path.js';
import type { CliIo } from './cli-io.js';
import { refuseEvalStorageUri } from './eval-storage-uri.js';
import { parseLogLevel } from './log-level.js';
import { pythonJsonDumps } from '../utils/python-json.js';

/** Options of `adk eval_set create`. */
export interface EvalSetCreateOptions {
  readonly eval_storage_uri?: string;
  readonly log_level?: string;
}

/** Options of `adk eval_set add_eval_case`. */
export interface AddEvalCaseOptions extends EvalSetCreateOptions {
  readonly scenarios_file: string;
  readonly session_input_file: string;
}

/** Adds `adk eval_set create` and `adk eval_set add_eval_case` to `program`. */
export function registerEvalSetCommands(program: Command, io: CliIo): void {
  const group = program.command('eval_set').description('Manage Eval Sets.');
  group
    .command('create')
    .description('Creates an empty EvalSet given the agent_module_file_path and eval_set_id.')
    .argument('<agent_module_file_path>', 'the app folder')
    .argument('<eval_set_id>', 'the new eval set id (letters, digits and _)')
    .option('--eval_storage_uri <uri>', 'where eval sets are stored (gs:// in Python)')
    .option('--log_level <level>', 'DEBUG, INFO, WARNING, ERROR or CRITICAL', 'INFO')
    .action(async (agent: string, evalSetId: string, options: EvalSetCreateOptions) => {
      process.exitCode = await evalSetCreateCommand(agent, evalSetId, options, io);
    });
  group
    .command('add_eval_case')
    .description(
      'Adds eval cases to the given eval set: one per conversation scenario of the scenarios ' +
        'file, its id the first 8 hex digits of the SHA-256 of the scenario; a case whose id ' +
        'is already in the set is skipped.',
    )
    .argument('<agent_module_file_path>', 'the app folder')
    .argument('<eval_set_id>', 'the eval set to add to')
    .requiredOption(
      '--scenarios_file <path>',
      'A path to file containing JSON serialized ConversationScenarios.',
    )
    .requiredOption(
      '--session_input_file <path>',
      'Path to session file containing SessionInput in JSON format.',
    )
    .option('--eval_storage_uri <uri>', 'where eval sets are stored (gs:// in Python)')
    .option('--log_level <level>', 'DEBUG, INFO, WARNING, ERROR or CRITICAL', 'INFO')
    .action(async (agent: string, evalSetId: string, options: AddEvalCaseOptions) => {
      process.exitCode = await addEvalCaseCommand(agent, evalSetId, options, io);
    });
}

/**
 * `adk eval_set create`: writes an empty `<app>/<eval_set_id>.evalset.json`
 * and prints `Eval set '<id>' created for app '<app>'.`. An invalid or
 * taken id is an error (exit 1), as in adk-python.
 */
export async function evalSetCreateCommand(
  agent: string,
  evalSetId: string,
  options: EvalSetCreateOptions,
  io: CliIo,
): Promise<number> {
  const { appName, manager } = await openEvalSets(agent, options);
  await manager.createEvalSet({ appName, evalSetId });
  io.stdout.write(`Eval set '${evalSetId}' created for app '${appName}'.\n`);
  return 0;
}

/**
 * `adk eval_set add_eval_case`: adds one eval case per conversation
 * scenario of `--scenarios_file` (a ConversationScenarios JSON), each with
 * the session input of `--session_input_file`, to an existing eval set. A
 * case's id is the first 8 hex digits of the SHA-256 of the scenario as
 * Python's `json.dumps(scenario.model_dump(), sort_keys=True)` writes it, so
 * both languages give a scenario the same id; a case already in the set is
 * skipped. A persona named by id is replaced by the registered persona, as
 * Python does when it reads the file. Prints one line per scenario.
 */
export async function addEvalCaseCommand(
  agent: string,
  evalSetId: string,
  options: AddEvalCaseOptions,
  io: CliIo,
): Promise<number> {
  const { appName, manager } = await openEvalSets(agent, options);
  let sessionInput: SessionInput;
  let scenarios: ConversationScenarios;
  try {
    sessionInput = parseEvalJson(
      SessionInput,
      SESSION_INPUT_CASING_RULE,
      await readJsonFile(options.session_input_file),
      'sessionInput',
    );
    scenarios = parseEvalJson(
      ConversationScenarios,
      CONVERSATION_SCENARIOS_CASING_RULE,
      await readJsonFile(options.scenarios_file),
      'conversationScenarios',
    );
  } catch (error) {
    throw addEvalCaseError(error);
  }
  const personas = createDefaultUserPersonaRegistry();
  for (const written of scenarios.scenarios) {
    // Python replaces a persona id by the registered persona when it reads the file.
    const scenario = withResolvedPersona(written, personas);
    const evalId = scenarioEvalId(scenario);
    const existing = await manager.getEvalCase({
      appName,
      evalSetId,
      evalCaseId: evalId,
    });
    if (existing) {
      io.stdout.write(
        `Eval case '${evalId}' already exists in eval set '${evalSetId}', skipped adding.\n`,
      );
      continue;
    }
    await manager.addEvalCase({
      appName,
      evalSetId,
      evalCase: {
        evalId,
        conversationScenario: scenario,
        sessionInput,
        creationTimestamp: Date.now() / 1000,
        finalSessionState: {},
      },
    });
    io.stdout.write(`Eval case '${evalId}' added to eval set '${evalSetId}'.\n`);
  }
  return 0;
}

// A SessionInput's state is the user's data, kept as written.
const SESSION_INPUT_CASING_RULE = modelRule({ state: VERBATIM }, { defaults: { state: {} } });

function withResolvedPersona(
  scenario: ConversationScenario,
  personas: UserPersonaRegistry,
): ConversationScenario {
  if (typeof scenario.userPersona !== 'string') return scenario;
  try {
    return { ...scenario, userPersona: personas.getPersona(scenario.userPersona) };
  } catch (error) {
    throw addEvalCaseError(error);
  }
}

// Python reports every problem of `add_eval_case` under this one heading.
function addEvalCaseError(error: unknown): InvalidArgumentError {
  return new InvalidArgumentError({
    message: `Failed to add eval case(s): ${error instanceof Error ? error.message : String(error)}`,
    cause: error,
  });
}

async function readJsonFile(filePath: string): Promise<unknown> {
  return JSON.parse(await readFile(filePath, 'utf8')) as unknown;
}

// What both commands start with: the log level, the storage check, and the app's eval sets.
async function openEvalSets(
  agent: string,
  options: EvalSetCreateOptions,
): Promise<{ appName: string; manager: LocalEvalSetsManager }> {
  setLogLevel(parseLogLevel(options.log_level ?? 'INFO'));
  if (options.eval_storage_uri !== undefined) refuseEvalStorageUri(options.eval_storage_uri);
  const target = await resolveAgentPath(agent);
  return { appName: target.appName, manager: new LocalEvalSetsManager(target.agentsDir) };
}

/**
 * The id adk-python gives a scenario's eval case: the first 8 hex digits of
 * the SHA-256 of `json.dumps(scenario.model_dump(), sort_keys=True)`, where
 * the dump has every field in snake_case, `None` included. Give it the
 * scenario with its persona resolved (Python hashes the registered persona
 * an id names); a persona left as an id is hashed as that id.
 */
export function scenarioEvalId(scenario: ConversationScenario): string {
  const persona = scenario.userPersona;
  const dump = {
    starting_prompt: scenario.startingPrompt,
    conversation_plan: scenario.conversationPlan,
    user_persona:
      persona === undefined || typeof persona === 'string'
        ? (persona ?? null)
        : userPersonaToPython(persona),
  };
  return createHash('sha256')
    .update(pythonJsonDumps(dump, { sortKeys: true, ensureAscii: true }))
    .digest('hex')
    .slice(0, 8);
}
