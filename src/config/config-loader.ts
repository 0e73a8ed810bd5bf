import { z } from 'zod';
import type { AgentCallback } from '../agents/agent-callbacks.js';
import { BaseAgent } from '../agents/base-agent.js';
import { LlmAgent, type LlmAgentConfig } from '../agents/llm-agent.js';
import { LoopAgent } from '../agents/loop-agent.js';
import { ParallelAgent } from '../agents/parallel-agent.js';
import type { OutputSchemaInput } from '../agents/resolve-output-schema.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import type {
  AfterModelCallback,
  AfterToolCallback,
  BeforeModelCallback,
  BeforeToolCallback,
} from '../flows/llm-agent-contract.js';
import { BaseLlm } from '../models/base-llm.js';
import { isBaseTool } from '../tools/base-tool.js';
import { isBaseToolset } from '../tools/base-toolset.js';
import type { GenerateContentConfig } from '../types/index.js';
import { getOwn } from '../utils/get-own.js';
import { isIdentifier } from '../utils/is-identifier.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { buildNode, isNodeLike } from '../workflow/build-node.js';
import { Workflow } from '../workflow/workflow.js';
import {
  AgentRefConfig,
  CodeConfig,
  formatIssues,
  parseAgentYamlConfig,
  type LlmAgentYamlConfig,
} from './agent-config.js';
import { canonicalPath, readYamlFile, resolveRelativeConfigPath } from './config-files.js';
import {
  buildError,
  construct,
  customAgentClassName,
  isAgentClass,
  staticInstruction,
  wrongKind,
} from './config-entry-checks.js';
import {
  resolveConfigReference,
  type ConfigReferences,
  type ConfigReferenceUse,
  type ConfigRegistryEntry,
} from './config-registry.js';
import { resolveTools, type ToolResolutionScope } from './config-tools.js';
import { GENERATE_CONTENT_CONFIG_RULE, toCamelCaseKeys } from './genai-keys.js';
import { isWorkflowClass, parseWorkflowYamlConfig } from './workflow-yaml-config.js';
import { WorkflowEdgesBuilder, type WorkflowNodeSource } from './workflow-yaml-edges.js';

/**
 * Builds agent trees from YAML agent config files (Python
 * `config_agent_utils`): one loader per `loadAgentFromYamlFile` call, holding
 * the references its dotted names are looked up in. See
 * `loadAgentFromYamlFile` for what a config may say.
 */
export class ConfigLoader implements ToolResolutionScope {
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
    return this.fromData(data, canonical, [...stack, canonical]);
  }

  /**
   * Builds the agent a parsed config mapping describes: a file's document, or
   * an agent config written inline in a workflow's edges (then `canonical`
   * is the workflow's file, which relative references are read from).
   */
  private async fromData(
    data: unknown,
    canonical: string,
    inner: readonly string[],
  ): Promise<BaseAgent> {
    if (isPlainObject(data) && isWorkflowClass(getOwn(data, 'agent_class'))) {
      return this.workflow(data, canonical, inner);
    }
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

  // `agent_class: Workflow`: the edges' references become nodes, then the graph is validated.
  private async workflow(
    data: Record<string, unknown>,
    configPath: string,
    stack: readonly string[],
  ): Promise<Workflow> {
    const config = parseWorkflowYamlConfig(data, configPath);
    const source: WorkflowNodeSource = {
      codeNode: async (name) => {
        const entry = await this.reference(name, 'node', configPath);
        if (!isNodeLike(entry) || typeof entry === 'string') {
          throw wrongKind(name, 'a node, function, agent or tool', configPath);
        }
        // A function is named after itself, as Python's FunctionNode; one without an
        // identifier for a name (an arrow in an object literal) after the dotted name's last part.
        const unnamed = typeof entry === 'function' && !isIdentifier(entry.name);
        const exportName = name.slice(name.lastIndexOf('.') + 1);
        return construct(configPath, () => buildNode(entry, unnamed ? { name: exportName } : {}));
      },
      configFileNode: async (relativePath) => {
        const target = await resolveRelativeConfigPath(configPath, relativePath);
        const agent = await this.load(target, stack);
        return construct(target, () => buildNode(agent));
      },
      inlineNode: async (inline) => {
        const agent = await this.fromData(inline, configPath, stack);
        return construct(configPath, () => buildNode(agent));
      },
    };
    const edges = await new WorkflowEdgesBuilder(source, configPath).build(config.edges);
    const beforeAgentCallback = await this.callbacks<AgentCallback>(
      config.before_agent_callbacks,
      configPath,
    );
    const afterAgentCallback = await this.callbacks<AgentCallback>(
      config.after_agent_callbacks,
      configPath,
    );
    const maxConcurrency = config.max_concurrency;
    return construct(
      configPath,
      () =>
        new Workflow({
          name: config.name,
          ...(config.description ? { description: config.description } : {}),
          edges,
          ...(maxConcurrency === null || maxConcurrency === undefined ? {} : { maxConcurrency }),
          ...(beforeAgentCallback ? { beforeAgentCallback } : {}),
          ...(afterAgentCallback ? { afterAgentCallback } : {}),
        }),
    );
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
      fields.tools = await resolveTools(config.tools, configPath, stack, this);
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

  /** The agent an `AgentRefConfig` names (Python `resolve_agent_reference`): a config file relative to `configPath`, or a registered agent. */
  async agentReference(
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

  /** The registry entry the dotted `name` refers to, for the use `use` in the file `configPath`. */
  reference(
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
