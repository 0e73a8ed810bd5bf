const baseMarker = Symbol.for('adk-ts.error');

/** Options every ADK error accepts. */
export interface AdkErrorOptions {
  /** The error's class name, kept on `error.name` even when code is minified. */
  name: string;
  /** A message that says what went wrong and, where possible, how to fix it. */
  message: string;
  /** The underlying error, if any. */
  cause?: unknown;
}

/**
 * Base class of every error this package throws on purpose.
 *
 * `AdkError.isInstance(e)` (and each subclass's own `isInstance`) works across
 * duplicate copies of the package, where `instanceof` would not: the check
 * looks for a marker registered with `Symbol.for`.
 */
export class AdkError extends Error {
  private readonly [baseMarker] = true;

  constructor({ name, message, cause }: AdkErrorOptions) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = name;
  }

  /** True when `error` is any ADK error, from any copy of this package. */
  static isInstance(error: unknown): error is AdkError {
    return hasMarker(error, baseMarker);
  }
}

/**
 * True when `error` carries `marker` as an own or inherited property set to true.
 * Subclasses use it to implement their own `isInstance`.
 */
export function hasMarker(error: unknown, marker: symbol): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    marker in error &&
    (error as Record<symbol, unknown>)[marker] === true
  );
}
