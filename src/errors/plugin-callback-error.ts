import { AdkError, hasMarker } from './adk-error.js';

const name = 'PluginCallbackError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/** Thrown when a plugin's hook throws; the plugin's error is the `cause`. */
export class PluginCallbackError extends AdkError {
  private readonly [marker] = true;
  /** The plugin whose hook failed. */
  readonly pluginName: string;
  /** The hook that failed, e.g. `beforeModelCallback`. */
  readonly callbackName: string;

  constructor({
    pluginName,
    callbackName,
    cause,
  }: {
    pluginName: string;
    callbackName: string;
    cause: unknown;
  }) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    super({
      name,
      message: `Error in plugin '${pluginName}' during '${callbackName}' callback: ${detail}`,
      cause,
    });
    this.pluginName = pluginName;
    this.callbackName = callbackName;
  }

  static override isInstance(error: unknown): error is PluginCallbackError {
    return hasMarker(error, marker);
  }
}
