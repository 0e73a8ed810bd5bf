/*
 * The public config API (Python `config_agent_utils` and `AgentLoader`):
 * loading an agent from a YAML config file, loading the apps of an agents
 * directory, and the registry and reference types a YAML config resolves its
 * classes, tools and callbacks through. src/index.ts re-exports all of it, so
 * a name added here is a public-API decision
 * (test/packaging/public-surface.test.ts pins the runtime names). The YAML
 * schemas, key conversion, module import and app-name checks stay out; the
 * CLI, the server and the loaders import their files directly.
 */

export type { AgentClassName, AgentYamlConfig } from './agent-config.js';
export {
  AgentsDirectoryLoader,
  type AgentsDirectoryLoaderOptions,
  type AppDetails,
  type AppLanguage,
  type AppSource,
} from './agents-directory.js';
export type {
  AgentClass,
  AgentClassContext,
  ConfigCallback,
  ConfigReferences,
  ConfigReferenceUse,
  ConfigRegistry,
  ConfigRegistryEntry,
  ConfigResolver,
  FunctionToolSpec,
  ToolClass,
  ToolFactory,
  ToolFactoryContext,
} from './config-registry.js';
export {
  loadAgentFromYamlFile,
  loadAppRootAgent,
  readAgentYamlConfig,
  ROOT_AGENT_CONFIG_FILE,
  type LoadAgentOptions,
} from './load-agent-config.js';
