import { AdkError, hasMarker } from './adk-error.js';

const name = 'ConfigFileNotFoundError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown by the YAML agent-config loader when a config file (the root one,
 * or one a `config_path` points to) does not exist (Python's
 * `FileNotFoundError("Config file not found: <path>")`).
 */
export class ConfigFileNotFoundError extends AdkError {
  private readonly [marker] = true;
  /** The absolute path that was looked for. */
  readonly configPath: string;

  constructor({ configPath, cause }: { configPath: string; cause?: unknown }) {
    super({ name, message: `Config file not found: ${configPath}`, cause });
    this.configPath = configPath;
  }

  static override isInstance(error: unknown): error is ConfigFileNotFoundError {
    return hasMarker(error, marker);
  }
}
