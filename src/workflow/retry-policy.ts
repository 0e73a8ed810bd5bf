import type { NodeState } from './node-state.js';
import { RETRY_DEFAULTS, type PreparedRetryConfig } from './retry-config.js';

/**
 * The names an error answers to in `RetryConfig.exceptions`: the name of its
 * class and of every ancestor class (`Object` excluded, so naming it does not
 * mean "everything"), plus its `name` property, which survives minification
 * for this package's errors. Python matches on the class's MRO the same way.
 */
export function errorClassNames(error: unknown): Set<string> {
  const names = new Set<string>();
  if (typeof error !== 'object' || error === null) return names;
  let prototype: unknown = Object.getPrototypeOf(error);
  while (prototype !== null && prototype !== Object.prototype && typeof prototype === 'object') {
    const constructor = Object.hasOwn(prototype, 'constructor')
      ? (prototype as { constructor: unknown }).constructor
      : undefined;
    if (typeof constructor === 'function' && constructor.name) names.add(constructor.name);
    prototype = Object.getPrototypeOf(prototype);
  }
  const ownName = (error as { name?: unknown }).name;
  if (typeof ownName === 'string' && ownName) names.add(ownName);
  return names;
}

/**
 * True when a node that failed with `error` on attempt `nodeState.attemptCount`
 * is run again (Python `_should_retry_node`): it has a retry config, attempts
 * are left (`maxAttempts` counts the first), and the error matches
 * `exceptions` when they are given.
 */
export function shouldRetryNode(
  error: unknown,
  retryConfig: PreparedRetryConfig | undefined,
  nodeState: Pick<NodeState, 'attemptCount'>,
): boolean {
  if (!retryConfig) return false;
  const maxAttempts = retryConfig.maxAttempts ?? RETRY_DEFAULTS.maxAttempts;
  if (nodeState.attemptCount >= maxAttempts) return false;
  if (retryConfig.exceptions !== undefined) {
    const names = errorClassNames(error);
    if (!retryConfig.exceptions.some((name) => names.has(name))) return false;
  }
  return true;
}

/**
 * Seconds to wait before the retry that follows failed attempt
 * `nodeState.attemptCount` (Python `_get_retry_delay`):
 * `initialDelay · backoffFactor^(attempt − 1)`; with jitter, that is first
 * capped at `maxDelay / (1 + jitter)` and then moved by a uniform offset in
 * `±jitter · delay` (never below 0); the result never exceeds `maxDelay`.
 * Without a config the delay is 1 s. `random` returns a number in [0, 1).
 */
export function getRetryDelay(
  retryConfig: PreparedRetryConfig | undefined,
  nodeState: Pick<NodeState, 'attemptCount'>,
  random: () => number = Math.random,
): number {
  if (!retryConfig) return 1;
  const initialDelay = retryConfig.initialDelay ?? RETRY_DEFAULTS.initialDelay;
  const maxDelay = retryConfig.maxDelay ?? RETRY_DEFAULTS.maxDelay;
  const backoffFactor = retryConfig.backoffFactor ?? RETRY_DEFAULTS.backoffFactor;
  const jitter = retryConfig.jitter ?? RETRY_DEFAULTS.jitter;
  const exponent = Math.max(0, (nodeState.attemptCount || 1) - 1);
  let delay = initialDelay * backoffFactor ** exponent;
  if (jitter > 0) {
    // Capping before jittering keeps the widest offset within maxDelay without
    // piling every overshooting draw onto exactly maxDelay.
    delay = Math.min(delay, maxDelay / (1 + jitter));
    const offset = -jitter * delay + random() * 2 * jitter * delay;
    delay = Math.max(0, delay + offset);
  }
  return Math.min(delay, maxDelay);
}
