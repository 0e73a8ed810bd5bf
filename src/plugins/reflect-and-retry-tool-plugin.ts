import type { Context } from '../context/context.js';
import type { AfterToolHookArguments, ToolErrorHookArguments } from '../context/hook-arguments.js';
import type { ToolContract } from '../context/tool-contract.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { ToolFailureError } from '../errors/tool-failure-error.js';
import { ToolNotFoundError } from '../errors/tool-not-found-error.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { BasePlugin } from './base-plugin.js';
import { pythonJsonDumps } from '../utils/python-json.js';
import { pythonStr } from '../utils/python-repr.js';

/** Marks the plugin's own responses, so they are never taken for new failures. */
export const REFLECT_AND_RETRY_RESPONSE_TYPE = 'ERROR_HANDLED_BY_REFLECT_AND_RETRY_PLUGIN';

/** The scope key of `TrackingScope.GLOBAL`. */
export const GLOBAL_SCOPE_KEY = '__global_reflect_and_retry_scope__';

/** How long failure counts live: per invocation (the default) or across all invocations. */
export const TrackingScope = {
  INVOCATION: 'invocation',
  GLOBAL: 'global',
} as const;
/** How long failure counts live: per invocation (the default) or across all invocations. */
export type TrackingScope = (typeof TrackingScope)[keyof typeof TrackingScope];

/**
 * The result the plugin gives the model instead of a failed tool's (Python
 * `ToolFailureResponse.model_dump()`; snake_case, as the model sees it).
 */
export interface ToolFailureResponse {
  response_type: string;
  error_type: string;
  error_details: string;
  retry_count: number;
  reflection_guidance: string;
  [key: string]: unknown;
}

/** Options of `new ReflectAndRetryToolPlugin(...)`, with Python's defaults. */
export interface ReflectAndRetryToolPluginOptions {
  /** Default `reflect_retry_tool_plugin`. */
  name?: string;
  /** Consecutive failures per tool answered with guidance before giving up (default 3; 0 = none). */
  maxRetries?: number;
  /** Past the limit, rethrow the failure (default true) or answer with Python's final guidance. */
  throwExceptionIfRetryExceeded?: boolean;
  /** Default `TrackingScope.INVOCATION`. */
  trackingScope?: TrackingScope;
}

/**
 * Turns tool failures into guidance the model can act on (Python
 * `ReflectAndRetryToolPlugin`), so it retries with corrected arguments or
 * another approach instead of the run failing.
 *
 * - `onToolErrorCallback` (a tool threw, or the model called an unknown
 *   tool) and `afterToolCallback` (when `extractErrorFromResult`, which
 *   subclasses override, finds an error in a result) count the failure for
 *   the tool within the scope key (`getScopeKey`: the invocation id, or
 *   `GLOBAL_SCOPE_KEY`). Up to `maxRetries` failures, the tool's result
 *   becomes a `ToolFailureResponse` whose `reflection_guidance` is Python's
 *   text (`retry attempt **n of max**`). Past it, the failure is rethrown
 *   (a non-`Error` failure as `ToolFailureError`; the plugin manager wraps
 *   it in `PluginCallbackError`, as Python wraps it in `RuntimeError`), or,
 *   with `throwExceptionIfRetryExceeded: false`, answered with Python's
 *   "retry limit has been exceeded" guidance. With `maxRetries` 0 that
 *   happens at the first failure, which is not counted.
 * - A successful call (no error extracted) resets that tool's count in its
 *   scope; the plugin's own responses are let through untouched.
 *
 * `error_type` is the error's class name (`ToolError` for a non-`Error`
 * failure); an unknown tool reports Python's `ValueError`. Counts are never
 * dropped, as in Python. Throws `InvalidArgumentError` when `maxRetries`
 * is not a non-negative integer.
 */
export class ReflectAndRetryToolPlugin extends BasePlugin {
  readonly maxRetries: number;
  readonly throwExceptionIfRetryExceeded: boolean;
  readonly scope: TrackingScope;
  private readonly scopedFailureCounters = new Map<string, Map<string, number>>();

  constructor({
    name = 'reflect_retry_tool_plugin',
    maxRetries = 3,
    throwExceptionIfRetryExceeded = true,
    trackingScope = TrackingScope.INVOCATION,
  }: ReflectAndRetryToolPluginOptions = {}) {
    super(name);
    if (!Number.isInteger(maxRetries) || maxRetries < 0) {
      throw new InvalidArgumentError({
        message: 'max_retries must be a non-negative integer.',
        argument: 'maxRetries',
      });
    }
    this.maxRetries = maxRetries;
    this.throwExceptionIfRetryExceeded = throwExceptionIfRetryExceeded;
    this.scope = trackingScope;
  }

  /** Resets the tool's count on success, or handles an error `extractErrorFromResult` finds. */
  override async afterToolCallback(
    args: AfterToolHookArguments,
  ): Promise<Record<string, unknown> | undefined> {
    const { tool, context, response } = args;
    if (response['response_type'] === REFLECT_AND_RETRY_RESPONSE_TYPE) return undefined;
    const error = await this.extractErrorFromResult(args);
    if (isTruthy(error)) return this.handleToolError(tool, args.args, context, error);
    this.scopedFailureCounters.get(this.getScopeKey(context))?.delete(tool.name);
    return undefined;
  }

  /**
   * Finds an error in a successful tool result; a truthy return counts as a
   * failure. Returns undefined: override it to treat results such as
   * `{status: 'error'}` as failures.
   */
  extractErrorFromResult(_args: AfterToolHookArguments): Promise<unknown> {
    return Promise.resolve(undefined);
  }

  /** Answers a thrown tool error with reflection guidance (see the class comment). */
  override onToolErrorCallback({
    tool,
    args,
    context,
    error,
  }: ToolErrorHookArguments): Promise<Record<string, unknown> | undefined> {
    return Promise.resolve(this.handleToolError(tool, args, context, error));
  }

  /**
   * The key failures are counted under: the invocation id for
   * `TrackingScope.INVOCATION`, `GLOBAL_SCOPE_KEY` for `GLOBAL`. Override it
   * to count per user or per session.
   */
  protected getScopeKey(context: Context): string {
    if (this.scope === TrackingScope.GLOBAL) return GLOBAL_SCOPE_KEY;
    if (!context.invocationId) {
      throw new InvalidArgumentError({
        message: 'invocation_id must be provided for INVOCATION scope',
        argument: 'invocationId',
      });
    }
    return context.invocationId;
  }

  private handleToolError(
    tool: ToolContract,
    toolArgs: Record<string, unknown>,
    context: Context,
    error: unknown,
  ): ToolFailureResponse {
    if (this.maxRetries === 0) {
      if (this.throwExceptionIfRetryExceeded) throw ensureError(tool, error);
      return this.retryExceededResponse(tool, toolArgs, error);
    }
    const scopeKey = this.getScopeKey(context);
    let counters = this.scopedFailureCounters.get(scopeKey);
    if (!counters) {
      counters = new Map();
      this.scopedFailureCounters.set(scopeKey, counters);
    }
    const retries = (counters.get(tool.name) ?? 0) + 1;
    counters.set(tool.name, retries);
    if (retries <= this.maxRetries) return this.reflectionResponse(tool, toolArgs, error, retries);
    if (this.throwExceptionIfRetryExceeded) throw ensureError(tool, error);
    return this.retryExceededResponse(tool, toolArgs, error);
  }

  private reflectionResponse(
    tool: ToolContract,
    toolArgs: Record<string, unknown>,
    error: unknown,
    retryCount: number,
  ): ToolFailureResponse {
    const guidance = `
The call to tool \`${tool.name}\` failed.

**Error Details:**
\`\`\`
${formatErrorDetails(error)}
\`\`\`

**Tool Arguments Used:**
\`\`\`json
${pythonJsonDumps(toolArgs, { indent: 2, ensureAscii: true })}
\`\`\`

**Reflection Guidance:**
This is retry attempt **${retryCount} of ${this.maxRetries}**. Analyze the error and the arguments you provided. Do not repeat the exact same call. Consider the following before your next attempt:

1.  **Invalid Parameters**: Does the error suggest that one or more arguments are incorrect, badly formatted, or missing? Review the tool's schema and your arguments.
2.  **State or Preconditions**: Did a previous step fail or not produce the necessary state/resource for this tool to succeed?
3.  **Alternative Approach**: Is this the right tool for the job? Could another tool or a different sequence of steps achieve the goal?
4.  **Simplify the Task**: Can you break the problem down into smaller, simpler steps?
5.  **Wrong Function Name**: Does the error indicates the tool is not found? Please check again and only use available tools.

Formulate a new plan based on your analysis and try a corrected or different approach.
`;
    return failureResponse(error, retryCount, guidance);
  }

  private retryExceededResponse(
    tool: ToolContract,
    toolArgs: Record<string, unknown>,
    error: unknown,
  ): ToolFailureResponse {
    const guidance = `
The tool \`${tool.name}\` has failed consecutively ${this.maxRetries} times and the retry limit has been exceeded.

**Last Error:**
\`\`\`
${formatErrorDetails(error)}
\`\`\`

**Last Arguments Used:**
\`\`\`json
${pythonJsonDumps(toolArgs, { indent: 2, ensureAscii: true })}
\`\`\`

**Final Instruction:**
**Do not attempt to use the \`${tool.name}\` tool again for this task.** You must now try a different approach. Acknowledge the failure and devise a new strategy, potentially using other available tools or informing the user that the task cannot be completed.
`;
    return failureResponse(error, this.maxRetries, guidance);
  }
}

function failureResponse(
  error: unknown,
  retryCount: number,
  guidance: string,
): ToolFailureResponse {
  return {
    response_type: REFLECT_AND_RETRY_RESPONSE_TYPE,
    error_type: error instanceof Error ? errorTypeName(error) : 'ToolError',
    error_details: errorText(error),
    retry_count: retryCount,
    reflection_guidance: guidance.trim(),
  };
}

function ensureError(tool: ToolContract, error: unknown): Error {
  if (error instanceof Error) return error;
  return new ToolFailureError({ toolName: tool.name, failure: error, message: errorText(error) });
}

// Python's `str(error)`: an exception's message, any other value's str.
function errorText(error: unknown): string {
  return error instanceof Error ? error.message : pythonStr(error);
}

// Python's `_format_error_details`: `<TypeName>: <message>` for exceptions.
function formatErrorDetails(error: unknown): string {
  return error instanceof Error ? `${errorTypeName(error)}: ${error.message}` : pythonStr(error);
}

// Python's `type(error).__name__`. Python raises ValueError for an unknown tool,
// and the model sees this name, so the same name is reported here.
function errorTypeName(error: Error): string {
  if (ToolNotFoundError.isInstance(error)) return 'ValueError';
  if (error.name && error.name !== 'Error') return error.name;
  return error.constructor.name || 'Error';
}

// Python's truthiness, for `if error:`.
function isTruthy(value: unknown): boolean {
  if (Array.isArray(value) || typeof value === 'string') return value.length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return Boolean(value);
}
