import type { LlmRequest } from '../models/llm-request.js';
import type { HttpRetryOptions } from '../types/index.js';
import type { BeforeModelHookArguments } from '../context/hook-arguments.js';
import { BasePlugin } from '../plugins/base-plugin.js';

// The reference's eval defaults (adk-python `_retry_options_utils.py`).
const DEFAULT_EVAL_RETRY_OPTIONS: Readonly<HttpRetryOptions> = Object.freeze({
  attempts: 7,
  initialDelay: 5.0,
  maxDelay: 120,
  expBase: 2.0,
  httpStatusCodes: [408, 429, 500, 502, 503, 504],
});

/**
 * Gives `request` the eval run's HTTP retry options unless it has its own,
 * so a passing outage of the model provider does not fail an eval (Python
 * `add_default_retry_options_if_not_present`).
 */
export function addDefaultRetryOptionsIfNotPresent(request: LlmRequest): void {
  const httpOptions = (request.config.httpOptions ??= {});
  httpOptions.retryOptions ??= {
    ...DEFAULT_EVAL_RETRY_OPTIONS,
    httpStatusCodes: [...(DEFAULT_EVAL_RETRY_OPTIONS.httpStatusCodes ?? [])],
  };
}

/**
 * The plugin eval runs add so every model call of the agent under test has
 * retry options (Python `EnsureRetryOptionsPlugin`).
 */
export class EnsureRetryOptionsPlugin extends BasePlugin {
  constructor(name = 'ensure_retry_options') {
    super(name);
  }

  override beforeModelCallback({ request }: BeforeModelHookArguments): undefined {
    addDefaultRetryOptionsIfNotPresent(request);
    return undefined;
  }
}
