const baseMarker = Symbol.for('adk-ts.error');

/** Options every ADK error accepts. */
export interface AdkErrorOptions {
  /** The error's class name, kept on `error.name` even when code is minified. */
  name: string;
  /** A message that says what went wrong and, where possible, how to fix it. */
  message: string;
  /** The underlying error, if any. */
  cause?: unknown;
  /**
   * What a remote client (an HTTP API caller) may be told, when `message`
   * holds text it must not see (a database's address, a tool's own error
   * text). Defaults to `message`.
   */
  publicMessage?: string;
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
  // A private field, so printing the error does not show the message twice.
  readonly #publicMessage: string | undefined;

  constructor({ name, message, cause, publicMessage }: AdkErrorOptions) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = name;
    this.#publicMessage = publicMessage;
  }

  /**
   * The message a remote client may be shown: `message`, unless the error
   * was given a `publicMessage` because its message names infrastructure or
   * carries text this package did not write.
   */
  get publicMessage(): string {
    return this.#publicMessage ?? this.message;
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
