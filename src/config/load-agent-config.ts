import { canonicalPath, readYamlFile, resolveRelativeConfigPath } from './config-files.js';
import path from 'node:path';
import { z } from 'zod';
import type { AgentCallback } from '../agents/agent-callbacks.js';
import { BaseAgent } from '../agents/base-agent.js';
import { LlmAgent, type LlmAgentConfig } from '../agents/llm-agent.js';
import { LoopAgent } from '../agents/loop-agent.js';
import { ParallelAgent } from '../agents/parallel-agent.js';
import type { OutputSchemaInput } from '../agents/resolve-output-schema.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import { ConfigReferenceNotFoundError } from '../errors/config-reference-not-found-error.js';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import type {
  AfterModelCallback,
  AfterToolCallback,
  BeforeModelCallback,
  BeforeToolCallback,
  ToolUnion,
} from '../flows/llm-agent-contract.js';
import { BaseLlm } from '../models/base-llm.js';
import { validateAppName } from '../runner/app.js';
import { AgentTool } from '../tools/agent-tool.js';
import { isBaseTool } from '../tools/base-tool.js';
import { isBaseToolset } from '../tools/base-toolset.js';
import { enterpriseWebSearch } from '../tools/enterprise-web-search-tool.js';
import { ExampleTool, type Example, type ExampleSource } from '../tools/example-tool.js';
import { exitLoop } from '../tools/exit-loop-tool.js';
import { FunctionTool } from '../tools/function-tool.js';
import { googleMapsGrounding } from '../tools/google-maps-grounding-tool.js';
import { googleSearch } from '../tools/google-search-tool.js';
import { LongRunningFunctionTool } from '../tools/long-running-function-tool.js';
import { McpToolset } from '../tools/mcp/mcp-toolset.js';
import { urlContext } from '../tools/url-context-tool.js';
import type { Content, GenerateContentConfig } from '../types/index.js';
import { getOwn } from '../utils/get-own.js';
import {
  AgentRefConfig,
  CodeConfig,
  formatIssues,
  parseAgentYamlConfig,
  type AgentYamlConfig,
  type LlmAgentYamlConfig,
  type ToolYamlConfig,
} from './agent-config.js';
import {
  resolveConfigReference,
  type ConfigReferences,
  type ConfigReferenceUse,
  type ConfigRegistryEntry,
  type ToolFactory,
} from './config-registry.js';
import { CONTENT_RULE, GENERATE_CONTENT_CONFIG_RULE, toCamelCaseKeys } from './genai-keys.js';
import {
  buildError,
  customAgentClassName,
  isAgentClass,
  isFunctionToolSpec,
  named,
  isToolClass,
  checkMadeTools,
  checkArgs,
  staticInstruction,
  wrongKind,
  construct,
} from './config-entry-checks.js';

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

const AgentToolArgs = z.strictObject({
  agent: AgentRefConfig,
  skip_summarization: z.boolean().optional(),
  include_plugins: z.boolean().optional(),
});

const ExampleYaml = z.strictObject({
  input: z.record(z.string(), z.unknown()),
  output: z.array(z.record(z.string(), z.unknown())),
});
const ExampleToolArgs = z.strictObject({
  examples: z.union([z.string(), z.array(ExampleYaml)]),
});

const FunctionToolArgs = z.strictObject({ func: z.string() });

/** Built-in tool instances by the names Python exports them under in `google.adk.tools`. */
const builtInToolInstances: Readonly<Record<string, ToolUnion>> = {
  google_search: googleSearch,
  url_context: urlContext,
  google_maps_grounding: googleMapsGrounding,
  enterprise_web_search: enterpriseWebSearch,
  exit_loop: exitLoop,
};

class ConfigLoader {
  constructor(private readonly references: ConfigReferences) {}

  /** Builds the agent of the file at `configPath` (absolute); `stack` holds the files being loaded above it. */
  async load(configPath: string, stack: readonly string[]): Promise<BaseAgent> {
    const canonical = await canonicalPath(configPath);
    if (stack.includes(canonical)) {
      throw new InvalidAgentConfigError({
        message: `Agent config cycle: ${[...stack, canonical].join(' -> ')}`,
      });
    }
    const data = await readYamlFile(canonical);
    const inner = [...stack, canonical];
    const customClass = customAgentClassName(data);
    if (customClass !== undefined) {
      return this.customAgent(customClass, data as Record<string, unknown>, canonical, inner);
    }
    const parsed = parseAgentYamlConfig(data, canonical);
    const { config } = parsed;
    const subAgents = await this.subAgents(config.sub_agents, canonical, inner);
    const beforeAgentCallback = await this.callbacks<AgentCallback>(
      config.before_agent_callbacks,
      canonical,
    );
    const afterAgentCallback = await this.callbacks<AgentCallback>(
      config.after_agent_callbacks,
      canonical,
    );
    const base = {
      name: config.name,
      ...(config.description ? { description: config.description } : {}),
      ...(subAgents.length > 0 ? { subAgents } : {}),
      ...(beforeAgentCallback ? { beforeAgentCallback } : {}),
      ...(afterAgentCallback ? { afterAgentCallback } : {}),
    };
    switch (parsed.agentClass) {
      case 'LlmAgent': {
        const fields = await this.llmAgentFields(parsed.config, canonical, inner);
        return construct(canonical, () => new LlmAgent({ ...base, ...fields }));
      }
      case 'SequentialAgent':
        return construct(canonical, () => new SequentialAgent(base));
      case 'ParallelAgent':
        return construct(canonical, () => new ParallelAgent(base));
      case 'LoopAgent': {
        const maxIterations = parsed.config.max_iterations;
        return construct(
          canonical,
          () =>
            new LoopAgent({
              ...base,
              ...(maxIterations === null || maxIterations === undefined ? {} : { maxIterations }),
            }),
        );
      }
    }
  }

  // Python's `agent_class` naming a user class: the class builds itself from the mapping.
  private async customAgent(
    className: string,
    data: Record<string, unknown>,
    configPath: string,
    stack: readonly string[],
  ): Promise<BaseAgent> {
    const common = CustomAgentCommonFields.safeParse(data);
    if (!common.success) {
      throw new InvalidAgentConfigError({
        message: `Invalid agent config ${configPath}:\n${formatIssues(common.error.issues, CustomAgentCommonFields)}`,
        cause: common.error,
      });
    }
    const entry = await this.reference(className, 'agent_class', configPath);
    if (!isAgentClass(entry)) {
      throw wrongKind(className, 'an agent class (with a static fromConfig)', configPath);
    }
    const subAgents = await this.subAgents(common.data.sub_agents, configPath, stack);
    const before = await this.callbacks<AgentCallback>(
      common.data.before_agent_callbacks,
      configPath,
    );
    const after = await this.callbacks<AgentCallback>(
      common.data.after_agent_callbacks,
      configPath,
    );
    let agent: unknown;
    try {
      agent = await entry.fromConfig(data, {
        configPath,
        subAgents,
        ...(before ? { beforeAgentCallback: before } : {}),
        ...(after ? { afterAgentCallback: after } : {}),
      });
    } catch (error) {
      throw buildError(configPath, error);
    }
    if (!(agent instanceof BaseAgent)) {
      throw new InvalidAgentConfigError({
        message: `agent_class \`${className}\` (in ${configPath}) built something that is not an agent.`,
      });
    }
    return agent;
  }

  private async llmAgentFields(
    config: LlmAgentYamlConfig,
    configPath: string,
    stack: readonly string[],
  ): Promise<Omit<LlmAgentConfig, 'name' | 'description' | 'subAgents'>> {
    const fields: Omit<LlmAgentConfig, 'name' | 'description' | 'subAgents'> = {};
    if (config.model_code) {
      fields.model = await this.model(config.model_code, configPath);
    } else if (config.model) {
      fields.model = config.model;
    }
    if (config.instruction) fields.instruction = config.instruction;
    if (config.static_instruction) {
      fields.staticInstruction = staticInstruction(config.static_instruction);
    }
    if (config.disallow_transfer_to_parent) fields.disallowTransferToParent = true;
    if (config.disallow_transfer_to_peers) fields.disallowTransferToPeers = true;
    if (config.include_contents && config.include_contents !== 'default') {
      fields.includeContents = config.include_contents;
    }
    if (config.input_schema) {
      fields.inputSchema = await this.schema(config.input_schema, configPath);
    }
    if (config.output_schema) {
      fields.outputSchema = await this.schema(config.output_schema, configPath);
    }
    if (config.output_key) fields.outputKey = config.output_key;
    if (config.tools && config.tools.length > 0) {
      fields.tools = await this.tools(config.tools, configPath, stack);
    }
    const beforeModel = await this.callbacks<BeforeModelCallback>(
      config.before_model_callbacks,
      configPath,
    );
    if (beforeModel) fields.beforeModelCallback = beforeModel;
    const afterModel = await this.callbacks<AfterModelCallback>(
      config.after_model_callbacks,
      configPath,
    );
    if (afterModel) fields.afterModelCallback = afterModel;
    const beforeTool = await this.callbacks<BeforeToolCallback>(
      config.before_tool_callbacks,
      configPath,
    );
    if (beforeTool) fields.beforeToolCallback = beforeTool;
    const afterTool = await this.callbacks<AfterToolCallback>(
      config.after_tool_callbacks,
      configPath,
    );
    if (afterTool) fields.afterToolCallback = afterTool;
    if (config.generate_content_config) {
      fields.generateContentConfig = toCamelCaseKeys(
        config.generate_content_config,
        GENERATE_CONTENT_CONFIG_RULE,
      ) as GenerateContentConfig;
    }
    return fields;
  }

  private async subAgents(
    references: readonly AgentRefConfig[] | null | undefined,
    configPath: string,
    stack: readonly string[],
  ): Promise<BaseAgent[]> {
    const agents: BaseAgent[] = [];
    for (const reference of references ?? []) {
      agents.push(await this.agentReference(reference, configPath, stack));
    }
    return agents;
  }

  // Python's `resolve_agent_reference`.
  private async agentReference(
    reference: AgentRefConfig,
    configPath: string,
    stack: readonly string[],
  ): Promise<BaseAgent> {
    if (reference.config_path) {
      const target = await resolveRelativeConfigPath(configPath, reference.config_path);
      return this.load(target, stack);
    }
    const code = reference.code ?? '';
    const entry = await this.reference(code, 'agent', configPath);
    if (!(entry instanceof BaseAgent)) throw wrongKind(code, 'an agent', configPath);
    return entry;
  }

  private async callbacks<T>(
    configs: readonly CodeConfig[] | null | undefined,
    configPath: string,
  ): Promise<T[] | undefined> {
    if (!configs || configs.length === 0) return undefined;
    const callbacks: T[] = [];
    for (const config of configs) {
      const entry = await this.reference(config.name, 'callback', configPath);
      if (typeof entry !== 'function') throw wrongKind(config.name, 'a function', configPath);
      callbacks.push(entry as T);
    }
    return callbacks;
  }

  private async schema(config: CodeConfig, configPath: string): Promise<OutputSchemaInput> {
    const entry = await this.reference(config.name, 'schema', configPath);
    if (
      typeof entry !== 'object' ||
      entry === null ||
      Array.isArray(entry) ||
      entry instanceof BaseAgent ||
      entry instanceof BaseLlm ||
      isBaseTool(entry) ||
      isBaseToolset(entry)
    ) {
      throw wrongKind(config.name, 'a schema (zod or genai Schema)', configPath);
    }
    return entry as OutputSchemaInput;
  }

  private async model(config: CodeConfig, configPath: string): Promise<BaseLlm> {
    const entry = await this.reference(config.name, 'model', configPath);
    if (!(entry instanceof BaseLlm)) throw wrongKind(config.name, 'a model (BaseLlm)', configPath);
    return entry;
  }

  // Python's `LlmAgent._resolve_tools`.
  private async tools(
    configs: readonly ToolYamlConfig[],
    configPath: string,
    stack: readonly string[],
  ): Promise<ToolUnion[]> {
    const tools: ToolUnion[] = [];
    for (const config of configs) {
      const args = config.args ?? undefined;
      if (!config.name.includes('.')) {
        tools.push(await this.builtInTool(config.name, args, configPath, stack));
        continue;
      }
      const entry = await this.reference(config.name, 'tool', configPath);
      if (isBaseTool(entry) || isBaseToolset(entry)) {
        tools.push(entry);
      } else if (isToolClass(entry)) {
        tools.push(
          ...checkMadeTools(
            await entry.fromConfig(args ?? {}, { configPath }),
            config.name,
            configPath,
          ),
        );
      } else if (isFunctionToolSpec(entry)) {
        if (args && Object.keys(args).length > 0) {
          throw new InvalidAgentConfigError({
            message: `Tool \`${config.name}\` in ${configPath} is a function tool and takes no args.`,
          });
        }
        const spec = named(entry, config.name);
        tools.push(construct(configPath, () => new FunctionTool(spec)));
      } else if (typeof entry === 'function') {
        const made = await (entry as ToolFactory)(args ?? {}, { configPath });
        tools.push(...checkMadeTools(made, config.name, configPath));
      } else {
        throw wrongKind(
          config.name,
          'a tool, a tool class, a function tool spec or a tool factory',
          configPath,
        );
      }
    }
    return tools;
  }

  private async builtInTool(
    name: string,
    args: Readonly<Record<string, unknown>> | undefined,
    configPath: string,
    stack: readonly string[],
  ): Promise<ToolUnion> {
    const instance = getOwn(builtInToolInstances, name);
    if (instance) return instance;
    switch (name) {
      case 'AgentTool': {
        const parsed = checkArgs(AgentToolArgs, args, name, configPath);
        const agent = await this.agentReference(parsed.agent, configPath, stack);
        return new AgentTool({
          agent,
          ...(parsed.skip_summarization === undefined
            ? {}
            : { skipSummarization: parsed.skip_summarization }),
          ...(parsed.include_plugins === undefined
            ? {}
            : { includePlugins: parsed.include_plugins }),
        });
      }
      case 'ExampleTool': {
        const parsed = checkArgs(ExampleToolArgs, args, name, configPath);
        const examples = await this.examples(parsed.examples, configPath);
        return construct(configPath, () => new ExampleTool(examples));
      }
      case 'LongRunningFunctionTool':
      case 'FunctionTool': {
        const parsed = checkArgs(FunctionToolArgs, args, name, configPath);
        const entry = await this.reference(parsed.func, 'function', configPath);
        if (!isFunctionToolSpec(entry)) {
          throw wrongKind(parsed.func, 'a function tool spec', configPath);
        }
        return name === 'FunctionTool'
          ? new FunctionTool(entry)
          : new LongRunningFunctionTool(entry);
      }
      case 'McpToolset':
        return McpToolset.fromConfig(args ?? {}, { configPath });
      default:
        throw new ConfigReferenceNotFoundError({ reference: name, use: 'tool', configPath });
    }
  }

  private async examples(
    examples: string | readonly z.infer<typeof ExampleYaml>[],
    configPath: string,
  ): Promise<ExampleSource> {
    if (typeof examples !== 'string') {
      return examples.map((example): Example => ({
        input: toCamelCaseKeys(example.input, CONTENT_RULE) as Content,
        output: example.output.map((content) => toCamelCaseKeys(content, CONTENT_RULE) as Content),
      }));
    }
    const entry = await this.reference(examples, 'examples', configPath);
    const isProvider =
      Array.isArray(entry) ||
      typeof entry === 'function' ||
      (typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as { getExamples?: unknown }).getExamples === 'function');
    if (!isProvider) throw wrongKind(examples, 'examples or an example provider', configPath);
    return entry as ExampleSource;
  }

  private reference(
    name: string,
    use: ConfigReferenceUse,
    configPath: string,
  ): Promise<ConfigRegistryEntry> {
    return resolveConfigReference(name, use, this.references, configPath);
  }
}

// The fields the loader resolves for a custom agent class; the class checks the rest.
const CustomAgentCommonFields = z.looseObject({
  name: z.string(),
  sub_agents: z.array(AgentRefConfig).nullish(),
  before_agent_callbacks: z.array(CodeConfig).nullish(),
  after_agent_callbacks: z.array(CodeConfig).nullish(),
});
