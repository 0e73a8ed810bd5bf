import type { HttpRetryOptions } from '@google/genai';
import type { BeforeModelHookArguments } from '../context/hook-arguments.js';
import type { LlmRequest } from '../models/llm-request.js';
import { BasePlugin } from '../plugins/base-plugin.js';

/**
 * The HTTP retry options the eval system gives its model calls when they
 * have none (adk-python `_DEFAULT_HTTP_RETRY_OPTIONS`): 7 attempts, 5 s
 * initial delay, 120 s maximum, base 2, on 408, 429, 500, 502, 503 and 504.
 */
export const DEFAULT_EVAL_HTTP_RETRY_OPTIONS: Readonly<HttpRetryOptions> = Object.freeze({
  attempts: 7,
  initialDelay: 5.0,
  maxDelay: 120,
  expBase: 2.0,
  httpStatusCodes: [408, 429, 500, 502, 503, 504],
});

/**
 * Sets `config.httpOptions.retryOptions` of `request` to a copy of
 * `DEFAULT_EVAL_HTTP_RETRY_OPTIONS` unless it already has retry options
 * (adk-python `add_default_retry_options_if_not_present`), so a passing
 * outage of the model provider does not spoil an eval run.
 */
export function addDefaultRetryOptionsIfNotPresent(request: LlmRequest): void {
  request.config ??= {};
  request.config.httpOptions ??= {};
  request.config.httpOptions.retryOptions ??= {
    ...DEFAULT_EVAL_HTTP_RETRY_OPTIONS,
    httpStatusCodes: [...(DEFAULT_EVAL_HTTP_RETRY_OPTIONS.httpStatusCodes ?? [])],
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
