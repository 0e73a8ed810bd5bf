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
