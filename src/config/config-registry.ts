import type { AgentCallback } from '../agents/agent-callbacks.js';
import type { BaseAgent } from '../agents/base-agent.js';
import type { OutputSchemaInput } from '../agents/resolve-output-schema.js';
import type { MaybePromise } from '../context/hook-arguments.js';
import { AgentLoadError } from '../errors/agent-load-error.js';
import { ConfigReferenceNotFoundError } from '../errors/config-reference-not-found-error.js';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import type {
  AfterModelCallback,
  AfterToolCallback,
  BeforeModelCallback,
  BeforeToolCallback,
  ToolUnion,
} from '../flows/llm-agent-contract.js';
import type { BaseLlm } from '../models/base-llm.js';
import type { ExampleSource } from '../tools/example-tool.js';
import type { FunctionToolOptions, FunctionToolParameters } from '../tools/function-tool.js';
import { getOwn } from '../utils/get-own.js';
import type { BaseNode } from '../workflow/base-node.js';
import type { NodeFunction } from '../workflow/node-like.js';

/**
 * A function tool defined in code: the options of `new FunctionTool(...)`
 * (name, description, parameters, response, execute). A config names it in
 * `tools` (it becomes a `FunctionTool`) or as the `func` of a
 * `LongRunningFunctionTool` / `FunctionTool` entry.
 */
export type FunctionToolSpec = FunctionToolOptions<FunctionToolParameters | undefined>;

/** What a tool factory learns about where it is used. */
export interface ToolFactoryContext {
  /** The absolute path of the config file naming the factory. */
  readonly configPath: string;
}

/**
 * Builds a tool from the `args` mapping of its config entry (Python's
 * "user-defined function that generates tool instances"): called with the
 * entry's `args`, or `{}` when it has none. It may return one tool or
 * toolset, or several.
 */
export type ToolFactory = (
  args: Readonly<Record<string, unknown>>,
  context: ToolFactoryContext,
) => MaybePromise<ToolUnion | readonly ToolUnion[]>;

/**
 * A tool class (or any object) that builds itself from a config entry's
 * `args` (Python's `BaseTool.from_config`), e.g. a class with a static
 * `fromConfig`. It is preferred over calling the entry as a factory.
 */
export interface ToolClass {
  fromConfig(
    args: Readonly<Record<string, unknown>>,
    context: ToolFactoryContext,
  ): MaybePromise<ToolUnion | readonly ToolUnion[]>;
}

/** Any callback a config can name (agent, model or tool callbacks). */
export type ConfigCallback =
  AgentCallback | BeforeModelCallback | AfterModelCallback | BeforeToolCallback | AfterToolCallback;

/**
 * What a dotted name in a config can stand for. Which kinds are accepted
 * depends on where the name is used:
 * - `tools`: a tool or toolset instance, a `ToolClass` (its `fromConfig` gets
 *   the entry's `args`), a `FunctionToolSpec` (no `args`), or a `ToolFactory`;
 * - `func` of `LongRunningFunctionTool` / `FunctionTool`: a `FunctionToolSpec`;
 * - callbacks: a function (a `CodeConfig`'s `args` are ignored, as in Python);
 * - `input_schema` / `output_schema`: a zod schema, a genai `Schema` or an `OutputSchema`;
 * - `sub_agents[].code` and `AgentTool`'s `agent.code`: an agent instance;
 * - `model_code`: a model instance (its `args` are ignored, as in Python);
 * - `agent_class` other than the four built-in classes: an `AgentClass`;
 * - `ExampleTool`'s `examples` given as a name: a list of examples or a provider;
 * - a node reference in a Workflow's `edges`: a node, a function (a
 *   `FunctionNode`), an agent or a tool.
 */
export type ConfigRegistryEntry =
  | ToolUnion
  | FunctionToolSpec
  | ToolClass
  | ToolFactory
  | ConfigCallback
  | BaseAgent
  | AgentClass
  | BaseLlm
  | OutputSchemaInput
  | ExampleSource
  | BaseNode
  | NodeFunction;

/**
 * The code a YAML config may name, by dotted name (e.g.
 * `my_agent.tools.lookup`). Only own properties are looked up, so names
 * such as `constructor` never reach `Object.prototype`. It replaces
 * Python's `importlib` lookups: nothing is imported from a name.
 */
export type ConfigRegistry = Readonly<Record<string, ConfigRegistryEntry>>;

/**
 * A custom agent class named by `agent_class` (Python's `BaseAgent.from_config`
 * on a user class): `fromConfig` gets the config mapping as written
 * (snake_case, `agent_class` included) and what the loader already resolved
 * of the common fields, and returns the agent.
 */
export interface AgentClass {
  fromConfig(
    config: Readonly<Record<string, unknown>>,
    context: AgentClassContext,
  ): MaybePromise<BaseAgent>;
}

/** What the loader hands a custom agent class besides the raw mapping. */
export interface AgentClassContext {
  /** The absolute path of the config file. */
  readonly configPath: string;
  /** The agents of `sub_agents`, loaded. */
  readonly subAgents: readonly BaseAgent[];
  /** The functions of `before_agent_callbacks`, resolved. */
  readonly beforeAgentCallback?: readonly AgentCallback[];
  /** The functions of `after_agent_callbacks`, resolved. */
  readonly afterAgentCallback?: readonly AgentCallback[];
}

/** Where a dotted name is used in a config. */
export type ConfigReferenceUse =
  | 'tool'
  | 'function'
  | 'callback'
  | 'agent'
  | 'agent_class'
  | 'schema'
  | 'model'
  | 'examples'
  | 'node';

/**
 * A fallback for names the registry does not hold: returns the entry, or
 * undefined when it does not know the name either. The loader validates the
 * name (a strict dotted identifier) before calling it; what the hook does
 * with it (a lookup in another table, a vetted import) is the caller's
 * decision. A hook that finds the code but cannot use it (a module that
 * fails to import, a missing export) throws `AgentLoadError`; the loader
 * adds the config file and the field to its message.
 */
export type ConfigResolver = (
  name: string,
  use: ConfigReferenceUse,
) => MaybePromise<ConfigRegistryEntry | undefined>;

/** How the loader finds the code a config names. */
export interface ConfigReferences {
  /** Entries by dotted name; default none. */
  readonly registry?: ConfigRegistry;
  /** Asked for names the registry does not hold. */
  readonly resolve?: ConfigResolver;
}

// Two or more identifiers joined by dots: `package.module.name`.
const dottedNamePattern = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$/;
const maxDottedNameLength = 512;

/** True when `name` is a dotted identifier (`a.b`, `pkg.module.fn`), the only form looked up in a registry. */
export function isDottedName(name: string): boolean {
  return name.length <= maxDottedNameLength && dottedNamePattern.test(name);
}

/**
 * The entry a dotted name stands for: the registry's own property of that
 * name, else what `resolve` returns. Throws `InvalidAgentConfigError` when
 * `name` is not a dotted identifier (checked before any lookup),
 * `ConfigReferenceNotFoundError` when neither knows it, and
 * `AgentLoadError` (naming the config file, the use, the module and the
 * export) when the resolver found code it cannot use.
 */
export async function resolveConfigReference(
  name: string,
  use: ConfigReferenceUse,
  references: ConfigReferences,
  configPath: string,
): Promise<ConfigRegistryEntry> {
  if (!isDottedName(name)) {
    throw new InvalidAgentConfigError({
      message:
        `Invalid ${use} reference ${JSON.stringify(name)} in ${configPath}: expected a dotted ` +
        'name such as `my_agent.tools.my_function`.',
    });
  }
  const registered = references.registry ? getOwn(references.registry, name) : undefined;
  if (registered !== undefined) return registered;
  let resolved: ConfigRegistryEntry | undefined;
  try {
    resolved = await references.resolve?.(name, use);
  } catch (error) {
    if (!AgentLoadError.isInstance(error)) throw error;
    throw new AgentLoadError({
      filePath: error.filePath,
      ...(error.exportName === undefined ? {} : { exportName: error.exportName }),
      message: `Cannot resolve ${use} \`${name}\` in ${configPath}: ${error.message}`,
      cause: error.cause ?? error,
    });
  }
  if (resolved !== undefined) return resolved;
  throw new ConfigReferenceNotFoundError({ reference: name, use, configPath });
}
