import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { BaseAgent } from '../agents/base-agent.js';
import { AgentsDirectoryLoader } from '../config/agents-directory.js';
import { importModuleFile } from '../config/import-module-file.js';
import { AgentLoadError } from '../errors/agent-load-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { App } from '../runner/app.js';
import { type EvalConfig, findConfigForTestFile } from './eval-config.js';
import { type EvalSet, evalSetFromJson } from './eval-set.js';
import { convertLegacyTestFile, type LegacyInitialSession } from './legacy-eval-set.js';

/** The endings of eval data files `AgentEvaluator.evaluate` finds in a folder. */
export const EVAL_DATA_FILE_SUFFIXES: readonly string[] = ['.test.json', '.evalset.json'];

/**
 * The eval data files at `fileOrDir`: the file itself, or every
 * `*.test.json` and `*.evalset.json` under the folder (recursively, sorted).
 * Throws `InvalidArgumentError` when the path does not exist or the folder
 * holds none.
 */
export async function findEvalDataFiles(fileOrDir: string): Promise<string[]> {
  const resolved = path.resolve(fileOrDir);
  const info = await stat(resolved).catch(() => undefined);
  if (!info) {
    throw new InvalidArgumentError({
      message: `Input path ${fileOrDir} is invalid.`,
      argument: 'evalDatasetFilePathOrDir',
    });
  }
  if (!info.isDirectory()) return [resolved];
  const entries = await readdir(resolved, { recursive: true, withFileTypes: true });
  const files = entries
    .filter(
      (entry) => entry.isFile() && EVAL_DATA_FILE_SUFFIXES.some((s) => entry.name.endsWith(s)),
    )
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  if (files.length === 0) {
    throw new InvalidArgumentError({
      message: `No *.test.json or *.evalset.json files found under ${fileOrDir}.`,
      argument: 'evalDatasetFilePathOrDir',
    });
  }
  return files;
}

/** The EvalConfig of a test file: `test_config.json` beside it, or the default criteria. */
export function loadEvalConfigForTestFile(testFile: string): Promise<EvalConfig> {
  return findConfigForTestFile(testFile);
}

/** The initial session of old-format files (`{app_name, user_id, state}`), or `{}` without a file. */
export async function readInitialSessionFile(
  file: string | undefined,
): Promise<Record<string, unknown>> {
  if (!file) return {};
  const json: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new InvalidArgumentError({
      message: `The initial session file ${file} must hold a JSON object.`,
      argument: 'initialSessionFile',
    });
  }
  return json as Record<string, unknown>;
}

/**
 * Reads an eval data file (Python `_load_eval_set_from_file`): an EvalSet,
 * or else the older list-of-queries format converted to one (its criteria
 * checked against what that format can score). An initial session is only
 * for the older format: giving one with an EvalSet file throws
 * `InvalidArgumentError`.
 */
export async function loadEvalSetFromFile(
  file: string,
  evalConfig: EvalConfig,
  initialSession: Record<string, unknown>,
): Promise<EvalSet> {
  const json: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!Array.isArray(json)) {
    const evalSet = evalSetFromJson(json);
    if (Object.keys(initialSession).length > 0) {
      throw new InvalidArgumentError({
        message:
          'Initial session should be specified as a part of EvalSet file. Explicit initial ' +
          'session is only needed, when specifying data in the older schema.',
        argument: 'initialSessionFile',
      });
    }
    return evalSet;
  }
  checkLegacyInput(json, evalConfig);
  return convertLegacyTestFile(file, json, initialSession as LegacyInitialSession);
}

/**
 * The agent of an app folder (loaded as `adk web` loads it: `agent.ts`,
 * `root_agent.yaml`, …) or of a module file exporting `app` or `rootAgent`.
 * Throws `AgentLoadError` when the module has neither.
 */
export async function loadAgentModule(
  modulePath: string,
): Promise<{ root: BaseAgent; app: App | undefined }> {
  const info = await stat(modulePath).catch(() => undefined);
  if (info?.isDirectory()) {
    const loader = new AgentsDirectoryLoader({ agentsDir: path.dirname(modulePath) });
    const app = await loader.loadApp(path.basename(modulePath));
    return { root: app.rootAgent, app };
  }
  const module = await importModuleFile(modulePath);
  const app = module.app;
  if (app instanceof App) return { root: app.rootAgent, app };
  const rootAgent = module.rootAgent;
  if (rootAgent instanceof BaseAgent) return { root: rootAgent, app: undefined };
  throw new AgentLoadError({
    filePath: modulePath,
    message: `Module ${modulePath} does not export \`app\` (an App) or \`rootAgent\` (an agent).`,
  });
}

// The metrics the older format can be scored with (Python `ALLOWED_CRITERIA`).
const LEGACY_CRITERIA: readonly string[] = [
  'tool_trajectory_avg_score',
  'response_evaluation_score',
  'response_match_score',
  'safety_v1',
];

// The fields of the first turn each metric reads (Python `_validate_input`).
const LEGACY_FIELDS: Readonly<Record<string, readonly string[]>> = {
  tool_trajectory_avg_score: ['query', 'expected_tool_use'],
  response_evaluation_score: ['query'],
  response_match_score: ['query', 'reference'],
};

/**
 * Python `AgentEvaluator._validate_input`: the config may only name metrics
 * the older format can be scored with, and the first turn must have the
 * fields those metrics read. Throws `InvalidArgumentError`.
 */
function checkLegacyInput(data: readonly unknown[], evalConfig: EvalConfig): void {
  const first = data[0];
  if (typeof first !== 'object' || first === null || Array.isArray(first)) {
    throw new InvalidArgumentError({
      message: 'The evaluation dataset is None or empty.',
      argument: 'evalDatasetFilePathOrDir',
    });
  }
  const criteria = Object.keys(evalConfig.criteria);
  for (const key of criteria) {
    if (!LEGACY_CRITERIA.includes(key)) {
      throw new InvalidArgumentError({
        message: `Invalid criteria key: ${key}. Expected one of [${LEGACY_CRITERIA.map((name) => `'${name}'`).join(', ')}].`,
        argument: 'evalConfig',
      });
    }
    const fields = LEGACY_FIELDS[key] ?? [];
    if (fields.some((field) => !Object.hasOwn(first, field))) {
      throw new InvalidArgumentError({
        message: `Samples for ${key} must include ${fields.map((field) => `'${field}'`).join(' and ')} key${fields.length > 1 ? 's' : ''}.`,
        argument: 'evalDatasetFilePathOrDir',
      });
    }
  }
}
