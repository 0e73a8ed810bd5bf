import path from 'node:path';
import type { BaseAgent } from '../agents/base-agent.js';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import { validateAppName } from '../runner/app.js';
import type { AgentYamlConfig } from './agent-config.js';
import type { ConfigReferences } from './config-registry.js';

/** Options of `loadAgentFromYamlFile`: where the names a config uses are found. */
export type LoadAgentOptions = ConfigReferences;

/** The file an app's root agent is read from (Python's `root_agent.yaml`). */
export const ROOT_AGENT_CONFIG_FILE = 'root_agent.yaml';

/**
 * Reads one YAML agent config file and validates it (no references are
 * resolved). Throws `ConfigFileNotFoundError` when the file does not
 * exist and `InvalidAgentConfigError` when it is not valid YAML or not a
 * valid agent config. YAML is read as PyYAML's `safe_load` reads it (YAML
 * 1.1 scalars; a repeated key keeps its last value).
 */
export async function readAgentYamlConfig(configPath: string): Promise<AgentYamlConfig> {
  const absolute = path.resolve(configPath);
  const [{ parseAgentYamlConfig }, { readYamlFile }] = await Promise.all([
    import('./agent-config.js'),
    import('./config-files.js'),
  ]);
  return parseAgentYamlConfig(await readYamlFile(absolute), absolute);
}

/**
 * Builds the agent tree a YAML agent config describes (Python
 * `config_agent_utils.from_config`):
 * - `agent_class` LlmAgent (default), SequentialAgent, ParallelAgent or LoopAgent,
 *   or the dotted name of an `AgentClass` (a class with a static `fromConfig`
 *   that gets the mapping as written, with `sub_agents` and the agent
 *   callbacks already resolved);
 * - `sub_agents[].config_path` is read relative to the file naming it (no
 *   absolute paths, nothing outside that file's directory, no cycles);
 *   `sub_agents[].code` names an agent instance in the registry;
 * - `tools[].name` is a built-in (`google_search`, `url_context`,
 *   `google_maps_grounding`, `enterprise_web_search`, `exit_loop`; the
 *   classes `AgentTool` with `args.agent` (an agent reference and optional
 *   `skip_summarization`, `include_plugins`), `ExampleTool` with
 *   `args.examples` (a list of `{input, output}` contents, or the dotted name
 *   of a provider), `LongRunningFunctionTool` and `FunctionTool` with
 *   `args.func` (the dotted name of a `FunctionToolSpec`; a spec without
 *   a `name` is named after the last segment of its dotted name), `McpToolset`
 *   with Python's `McpToolsetConfig` args) or a dotted name
 *   (a tool or toolset instance, a `ToolClass` built with `args`, a
 *   `FunctionToolSpec`, or a `ToolFactory` called with `args`);
 * - callbacks, `input_schema`/`output_schema` and `model_code` are dotted
 *   names; their `args` are ignored, as Python's `resolve_code_reference`
 *   ignores them;
 * - `generate_content_config` and `static_instruction` are genai objects in
 *   snake_case (or camelCase) and are camelCased.
 *
 * Dotted names are checked against a strict dotted-identifier pattern, then
 * looked up among the registry's own properties, then through
 * `options.resolve`; nothing is imported. Errors: `ConfigFileNotFoundError`
 * (missing file), `InvalidAgentConfigError` (invalid YAML or config, a bad
 * path or name, an entry of the wrong kind, an invalid agent name),
 * `ConfigReferenceNotFoundError` (an unknown name, naming it) and, from
 * `McpToolset` entries (see `McpToolset.fromConfig`), `NotSupportedError`
 * for Python fields not offered yet. Every message names the file.
 */
export async function loadAgentFromYamlFile(
  configPath: string,
  options: LoadAgentOptions = {},
): Promise<BaseAgent> {
  // The loader (YAML parser, config schemas) is loaded on first use: a plain agent never needs it.
  const { ConfigLoader } = await import('./config-loader.js');
  return new ConfigLoader(options).load(path.resolve(configPath), []);
}

/**
 * Loads the root agent of the app `appName` under `agentsDir`
 * (`<agentsDir>/<appName>/root_agent.yaml`). The app name is checked before
 * any file is touched: only letters, digits and underscores
 * (`^[A-Za-z0-9_]+$`), a valid identifier and not `user` (Python's
 * `validate_app_name`); otherwise `InvalidAgentConfigError`.
 */
export async function loadAppRootAgent(
  agentsDir: string,
  appName: string,
  options: LoadAgentOptions = {},
): Promise<BaseAgent> {
  if (!/^[A-Za-z0-9_]+$/.test(appName)) {
    throw new InvalidAgentConfigError({
      message: `Invalid app name ${JSON.stringify(appName)}: only letters, digits and underscores are allowed.`,
    });
  }
  validateAppName(appName);
  return loadAgentFromYamlFile(
    path.join(path.resolve(agentsDir), appName, ROOT_AGENT_CONFIG_FILE),
    options,
  );
}
