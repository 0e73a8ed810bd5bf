import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';

/** An error class usable in `RetryConfig.exceptions`. */
export type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * How a node is retried when it fails (Python `RetryConfig`, 004 §2). Every
 * field is optional; an unset field takes the reference default, read by
 * `shouldRetryNode` and `getRetryDelay`. Delays are in seconds.
 */
export interface RetryConfig {
  /** Attempts in all, the first included; 0 or 1 means no retry. Default 5. */
  maxAttempts?: number;
  /** Delay before the first retry, seconds. Default 1. */
  initialDelay?: number;
  /** Longest delay between attempts, seconds. Default 60. */
  maxDelay?: number;
  /** Multiplier of the delay after each attempt. Default 2. */
  backoffFactor?: number;
  /** Random spread of the delay, as a fraction of it; 0 for none. Default 1. */
  jitter?: number;
  /**
   * The errors to retry, as class names (`'TypeError'`) or classes; an error
   * matches when its class or any ancestor class has a listed name. Unset or
   * null: every error is retried.
   */
  exceptions?: ReadonlyArray<string | ErrorClass> | null;
}

/** The reference defaults of every RetryConfig field (Python `_retry_utils.py`). */
export const RETRY_DEFAULTS = {
  maxAttempts: 5,
  initialDelay: 1,
  maxDelay: 60,
  backoffFactor: 2,
  jitter: 1,
} as const;

/** A RetryConfig whose `exceptions` are reduced to class names, checked once. */
export interface PreparedRetryConfig extends Omit<RetryConfig, 'exceptions'> {
  /** Class names to retry; undefined means every error. */
  readonly exceptions: readonly string[] | undefined;
}

/**
 * Checks `config` and turns its exception classes into names (Python's
 * `exceptions` validator), so a malformed entry fails when the node is
 * built, not in the middle of a retry.
 */
export function prepareRetryConfig(config: RetryConfig): PreparedRetryConfig {
  const { exceptions, ...rest } = config;
  for (const [field, value] of Object.entries(rest)) {
    if (value !== undefined && (typeof value !== 'number' || Number.isNaN(value) || value < 0)) {
      throw new WorkflowConfigurationError({
        message: `retryConfig.${field} must be a non-negative number, got ${String(value)}.`,
      });
    }
  }
  if (exceptions === undefined || exceptions === null) return { ...rest, exceptions: undefined };
  const names = exceptions.map((entry) => {
    if (typeof entry === 'string') return entry;
    if (typeof entry === 'function' && entry.prototype instanceof Error) return entry.name;
    if (entry === Error) return 'Error';
    throw new WorkflowConfigurationError({
      message:
        'retryConfig.exceptions must contain error class names (strings) or error classes, ' +
        `got ${typeof entry}: ${String(entry)}`,
    });
  });
  return { ...rest, exceptions: names };
}
