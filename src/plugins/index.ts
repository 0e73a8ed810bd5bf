export { BasePlugin, type PluginHookName } from './base-plugin.js';
export { LoggingPlugin, type LoggingPluginOptions } from './logging-plugin.js';
export { PluginManager, type PluginManagerOptions } from './plugin-manager.js';
