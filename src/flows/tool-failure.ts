import { AdkError } from '../errors/adk-error.js';
import { ToolExecutionError } from '../errors/tool-execution-error.js';

/**
 * What a run throws when a tool threw and no `onToolError` callback
 * recovered (Python re-raises the tool's exception; this package names the
 * tool):
 * - the thrown value unchanged when the run was stopped (`abortSignal`
 *   aborted): the tool failed because the run ended, not on its own;
 * - the thrown value unchanged when it is an error of this package
 *   (`AdkError.isInstance`) other than `ToolExecutionError`: an error raised
 *   on purpose, with its own message, that callers tell apart with
 *   `isInstance` (a built-in tool's `ServiceNotConfiguredError`, an
 *   `AgentTool`'s inner run going over `LlmCallsLimitExceededError`);
 * - otherwise a `ToolExecutionError` naming the tool and the call, with the
 *   thrown value as `cause`. A `ToolExecutionError` from a tool that runs
 *   tools itself (an `AgentTool` whose inner tool failed) is wrapped again,
 *   so that the error names the call of this run.
 */
export function toolFailure(
  error: unknown,
  toolName: string,
  functionCallId: string | undefined,
  abortSignal: AbortSignal | undefined,
): unknown {
  if (abortSignal?.aborted === true) return error;
  if (AdkError.isInstance(error) && !ToolExecutionError.isInstance(error)) return error;
  return new ToolExecutionError({ toolName, functionCallId, cause: error });
}

/**
 * What the `execute_tool` span of a call records for `error`: the tool's own
 * error when `error` is the `ToolExecutionError` that `toolFailure` made for
 * this call (Python's span records the tool's exception), else `error`.
 */
export function toolSpanError(
  error: unknown,
  toolName: string,
  functionCallId: string | undefined,
): unknown {
  return ToolExecutionError.isInstance(error) &&
    error.toolName === toolName &&
    error.functionCallId === functionCallId
    ? error.cause
    : error;
}
