export { BasePlugin, type PluginHookName } from './base-plugin.js';
export { LoggingPlugin, type LoggingPluginOptions } from './logging-plugin.js';
export { PluginManager, type PluginManagerOptions } from './plugin-manager.js';
export {
  GLOBAL_SCOPE_KEY,
  REFLECT_AND_RETRY_RESPONSE_TYPE,
  ReflectAndRetryToolPlugin,
  TrackingScope,
  type ReflectAndRetryToolPluginOptions,
  type ToolFailureResponse,
} from './reflect-and-retry-tool-plugin.js';
export {
  adjustSplitIndexToAvoidOrphanedFunctionResponses,
  ContextFilterPlugin,
  type ContextFilterPluginOptions,
} from './context-filter-plugin.js';
export { DebugLoggingPlugin, type DebugLoggingPluginOptions } from './debug-logging-plugin.js';
export {
  GlobalInstructionPlugin,
  type GlobalInstructionPluginOptions,
  type GlobalInstructionProvider,
} from './global-instruction-plugin.js';
export {
  isPart,
  MultimodalToolResultsPlugin,
  PARTS_RETURNED_BY_TOOLS_ID,
  type MultimodalRetention,
  type MultimodalToolResultsPluginOptions,
} from './multimodal-tool-results-plugin.js';
export {
  isModelAccessibleUri,
  MODEL_ACCESSIBLE_URI_SCHEMES,
  SaveFilesAsArtifactsPlugin,
  type SaveFilesAsArtifactsPluginOptions,
} from './save-files-as-artifacts-plugin.js';
