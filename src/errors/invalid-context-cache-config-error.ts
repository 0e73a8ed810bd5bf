import { AdkError, hasMarker } from './adk-error.js';

const name = 'InvalidContextCacheConfigError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when a `ContextCacheConfig` is out of the reference's bounds (Python
 * `ContextCacheConfig` validators): `cacheIntervals` not an integer in
 * 1..100, `ttlSeconds` not a positive integer, `minTokens` not a
 * non-negative integer, or a field it does not have (`extra='forbid'`).
 * `field` names the setting at fault.
 */
export class InvalidContextCacheConfigError extends AdkError {
  private readonly [marker] = true;
  /** The ContextCacheConfig field at fault, camelCased (e.g. `cacheIntervals`). */
  readonly field: string;

  constructor({ message, field }: { message: string; field: string }) {
    super({ name, message });
    this.field = field;
  }

  static override isInstance(error: unknown): error is InvalidContextCacheConfigError {
    return hasMarker(error, marker);
  }
}
