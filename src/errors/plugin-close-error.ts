import { AdkError, hasMarker } from './adk-error.js';

const name = 'PluginCloseError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown by `PluginManager.close()` when one or more plugins failed to close
 * or did not finish within the timeout. `failures` maps each such plugin's
 * name to its error (a timeout is a `TimeoutError`); the message lists them
 * as Python does: `Failed to close plugins: 'a': TimeoutError, 'b': TypeError`.
 */
export class PluginCloseError extends AdkError {
  private readonly [marker] = true;
  /** The error of each plugin that failed to close, by plugin name, in closing order. */
  readonly failures: ReadonlyMap<string, unknown>;

  constructor({ failures }: { failures: ReadonlyMap<string, unknown> }) {
    const summary = [...failures]
      .map(([pluginName, error]) => `'${pluginName}': ${errorTypeName(error)}`)
      .join(', ');
    super({ name, message: `Failed to close plugins: ${summary}` });
    this.failures = failures;
  }

  static override isInstance(error: unknown): error is PluginCloseError {
    return hasMarker(error, marker);
  }
}

// Python prints `type(exc).__name__`: the error's own name, or its class name
// when the name is the generic `Error` of a subclass that never set one.
function errorTypeName(error: unknown): string {
  if (typeof error !== 'object' || error === null) return typeof error;
  const errorName = (error as { name?: unknown }).name;
  if (typeof errorName === 'string' && errorName !== '' && errorName !== 'Error') return errorName;
  const className = (error as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof className === 'string' && className !== '' ? className : 'Error';
}
