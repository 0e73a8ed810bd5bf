import { AdkError, hasMarker } from './adk-error.js';

const name = 'ConfigReferenceNotFoundError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown by the YAML agent-config loader when a name in a config file (a
 * tool, function, callback, schema, agent or model reference) is neither an
 * ADK built-in nor in the caller's config registry, and the optional
 * resolver hook does not know it either.
 */
export class ConfigReferenceNotFoundError extends AdkError {
  private readonly [marker] = true;
  /** The name as written in the config, e.g. `my_agent.tools.lookup`. */
  readonly reference: string;
  /** What the name was used as: `tool`, `function`, `callback`, `schema`, `agent`, `model` or `examples`. */
  readonly use: string;
  /** The absolute path of the config file that names it. */
  readonly configPath: string;

  constructor({
    reference,
    use,
    configPath,
    message,
  }: {
    reference: string;
    use: string;
    configPath: string;
    message?: string;
  }) {
    super({
      name,
      message:
        message ??
        `Unknown ${use} \`${reference}\` in ${configPath}: it is not an ADK built-in and the ` +
          'config registry has no entry of that name.',
    });
    this.reference = reference;
    this.use = use;
    this.configPath = configPath;
  }

  static override isInstance(error: unknown): error is ConfigReferenceNotFoundError {
    return hasMarker(error, marker);
  }
}
