import { AdkError, hasMarker } from './adk-error.js';

const name = 'MissingDependencyError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown at first use of a component whose optional packages (a provider
 * SDK, a database driver and kysely) are not installed. The message names
 * every missing package and the one command that installs them all:
 * `DatabaseSessionService needs the optional packages kysely and
 * better-sqlite3: npm install kysely better-sqlite3`.
 */
export class MissingDependencyError extends AdkError {
  private readonly [marker] = true;
  /** The (first) npm package to install, e.g. `@anthropic-ai/sdk`. */
  readonly packageName: string;
  /** Every missing npm package, in the order the install command names them. */
  readonly packageNames: readonly string[];

  constructor({
    packageName,
    feature,
    cause,
  }: {
    /** The missing package, or all of them (at least one). */
    packageName: string | readonly string[];
    /** What needs the packages, e.g. `AnthropicLlm`. */
    feature: string;
    cause?: unknown;
  }) {
    const packageNames = typeof packageName === 'string' ? [packageName] : [...packageName];
    const noun = packageNames.length === 1 ? 'package' : 'packages';
    super({
      name,
      message: `${feature} needs the optional ${noun} ${listed(packageNames)}: npm install ${packageNames.join(' ')}`,
      cause,
    });
    this.packageName = packageNames[0] ?? '';
    this.packageNames = packageNames;
  }

  static override isInstance(error: unknown): error is MissingDependencyError {
    return hasMarker(error, marker);
  }
}

// `a`, `a and b`, `a, b and c`.
function listed(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}
