import { AdkError, hasMarker } from './adk-error.js';

const name = 'ToolExecutionError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown out of a run when a tool's own code threw and no `onToolError`
 * callback recovered: it names the tool and the call, and keeps what the
 * tool threw as `cause`. The message carries the tool's error text; the
 * `publicMessage` shown to remote clients names only the tool, since a
 * tool's error may hold anything.
 */
export class ToolExecutionError extends AdkError {
  private readonly [marker] = true;
  /** The tool that threw. */
  readonly toolName: string;
  /** The id of the function call the tool was running, when the call had one. */
  readonly functionCallId: string | undefined;

  constructor({
    toolName,
    functionCallId,
    cause,
  }: {
    toolName: string;
    functionCallId: string | undefined;
    cause: unknown;
  }) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    super({
      name,
      message: `Tool "${toolName}" failed: ${detail}`,
      publicMessage: `Tool "${toolName}" failed.`,
      cause,
    });
    this.toolName = toolName;
    this.functionCallId = functionCallId;
  }

  static override isInstance(error: unknown): error is ToolExecutionError {
    return hasMarker(error, marker);
  }
}
