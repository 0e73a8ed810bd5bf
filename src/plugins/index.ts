/*
 * The public plugins API (Python `google.adk.plugins`): the plugin base class
 * and its hook names, the plugin manager, and the built-in plugins with their
 * options. src/index.ts re-exports all of it, so a name added here is a
 * public-API decision (test/packaging/public-surface.test.ts pins the runtime
 * names). The plugins' helpers and constants (scope keys, response types, URI
 * checks) stay out; the runner and the tests import their files directly.
 */

export { BasePlugin, type PluginHookName } from './base-plugin.js';
export { ContextFilterPlugin, type ContextFilterPluginOptions } from './context-filter-plugin.js';
export { DebugLoggingPlugin, type DebugLoggingPluginOptions } from './debug-logging-plugin.js';
export {
  GlobalInstructionPlugin,
  type GlobalInstructionPluginOptions,
  type GlobalInstructionProvider,
} from './global-instruction-plugin.js';
export { LoggingPlugin, type LoggingPluginOptions } from './logging-plugin.js';
export {
  MultimodalToolResultsPlugin,
  PARTS_RETURNED_BY_TOOLS_ID,
  type MultimodalRetention,
  type MultimodalToolResultsPluginOptions,
} from './multimodal-tool-results-plugin.js';
export { PluginManager, type PluginManagerOptions } from './plugin-manager.js';
export {
  ReflectAndRetryToolPlugin,
  TrackingScope,
  type ReflectAndRetryToolPluginOptions,
  type ToolFailureResponse,
} from './reflect-and-retry-tool-plugin.js';
export {
  SaveFilesAsArtifactsPlugin,
  type SaveFilesAsArtifactsPluginOptions,
} from './save-files-as-artifacts-plugin.js';
