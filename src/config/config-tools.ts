import { z } from 'zod';
import type { BaseAgent } from '../agents/base-agent.js';
import { ConfigReferenceNotFoundError } from '../errors/config-reference-not-found-error.js';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import type { ToolUnion } from '../flows/llm-agent-contract.js';
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
import type { Content } from '../types/index.js';
import { getOwn } from '../utils/get-own.js';
import { AgentRefConfig, type ToolYamlConfig } from './agent-config.js';
import {
  checkArgs,
  checkMadeTools,
  construct,
  isFunctionToolSpec,
  isToolClass,
  named,
  wrongKind,
} from './config-entry-checks.js';
import type { ConfigReferenceUse, ConfigRegistryEntry, ToolFactory } from './config-registry.js';
import { CONTENT_RULE, toCamelCaseKeys } from './genai-keys.js';

/** What tool resolution needs from the agent loader: name lookups and agent references (for `AgentTool`). */
export interface ToolResolutionScope {
  /** The registry entry a dotted name refers to (`ConfigReferenceNotFoundError` when unknown). */
  reference(
    name: string,
    use: ConfigReferenceUse,
    configPath: string,
  ): Promise<ConfigRegistryEntry>;
  /** The agent an `AgentRefConfig` names, read relative to `configPath`; `stack` holds the files being loaded. */
  agentReference(
    reference: AgentRefConfig,
    configPath: string,
    stack: readonly string[],
  ): Promise<BaseAgent>;
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

/**
 * The tools of an LLM agent's `tools` list (Python `LlmAgent._resolve_tools`):
 * a name without a dot is a built-in instance or class, a dotted name a
 * tool or toolset instance, a `ToolClass` built with `args`, a
 * `FunctionToolSpec` (no args) or a `ToolFactory` called with `args`.
 * Errors name the file (`InvalidAgentConfigError`,
 * `ConfigReferenceNotFoundError`).
 */
export async function resolveTools(
  configs: readonly ToolYamlConfig[],
  configPath: string,
  stack: readonly string[],
  scope: ToolResolutionScope,
): Promise<ToolUnion[]> {
  const tools: ToolUnion[] = [];
  for (const config of configs) {
    const args = config.args ?? undefined;
    if (!config.name.includes('.')) {
      tools.push(await builtInTool(config.name, args, configPath, stack, scope));
      continue;
    }
    const entry = await scope.reference(config.name, 'tool', configPath);
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

async function builtInTool(
  name: string,
  args: Readonly<Record<string, unknown>> | undefined,
  configPath: string,
  stack: readonly string[],
  scope: ToolResolutionScope,
): Promise<ToolUnion> {
  const instance = getOwn(builtInToolInstances, name);
  if (instance) return instance;
  switch (name) {
    case 'AgentTool': {
      const parsed = checkArgs(AgentToolArgs, args, name, configPath);
      const agent = await scope.agentReference(parsed.agent, configPath, stack);
      return new AgentTool({
        agent,
        ...(parsed.skip_summarization === undefined
          ? {}
          : { skipSummarization: parsed.skip_summarization }),
        ...(parsed.include_plugins === undefined ? {} : { includePlugins: parsed.include_plugins }),
      });
    }
    case 'ExampleTool': {
      const parsed = checkArgs(ExampleToolArgs, args, name, configPath);
      const examples = await exampleSource(parsed.examples, configPath, scope);
      return construct(configPath, () => new ExampleTool(examples));
    }
    case 'LongRunningFunctionTool':
    case 'FunctionTool': {
      const parsed = checkArgs(FunctionToolArgs, args, name, configPath);
      const entry = await scope.reference(parsed.func, 'function', configPath);
      if (!isFunctionToolSpec(entry)) {
        throw wrongKind(parsed.func, 'a function tool spec', configPath);
      }
      return name === 'FunctionTool' ? new FunctionTool(entry) : new LongRunningFunctionTool(entry);
    }
    case 'McpToolset':
      return McpToolset.fromConfig(args ?? {}, { configPath });
    default:
      throw new ConfigReferenceNotFoundError({ reference: name, use: 'tool', configPath });
  }
}

async function exampleSource(
  examples: string | readonly z.infer<typeof ExampleYaml>[],
  configPath: string,
  scope: ToolResolutionScope,
): Promise<ExampleSource> {
  if (typeof examples !== 'string') {
    return examples.map((example): Example => ({
      input: toCamelCaseKeys(example.input, CONTENT_RULE) as Content,
      output: example.output.map((content) => toCamelCaseKeys(content, CONTENT_RULE) as Content),
    }));
  }
  const entry = await scope.reference(examples, 'examples', configPath);
  const isProvider =
    Array.isArray(entry) ||
    typeof entry === 'function' ||
    (typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as { getExamples?: unknown }).getExamples === 'function');
  if (!isProvider) throw wrongKind(examples, 'examples or an example provider', configPath);
  return entry as ExampleSource;
}
