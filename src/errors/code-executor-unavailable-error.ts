import { AdkError, hasMarker } from './adk-error.js';

const name = 'CodeExecutorUnavailableError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when a code executor cannot start the program that runs the code
 * (for `UnsafeLocalCodeExecutor`, the Python interpreter is missing or not
 * executable). The model's code never ran, so this is a setup problem for the
 * caller, not an execution error to show the model.
 */
export class CodeExecutorUnavailableError extends AdkError {
  private readonly [marker] = true;
  /** The command that could not be started, e.g. `python3`. */
  readonly command: string;

  constructor({ command, cause }: { command: string; cause?: unknown }) {
    const reason = cause instanceof Error ? `: ${cause.message}` : '';
    super({
      name,
      message: `The code executor could not start \`${command}\`${reason}. Install it or pass the interpreter's path.`,
      cause,
    });
    this.command = command;
  }

  static override isInstance(error: unknown): error is CodeExecutorUnavailableError {
    return hasMarker(error, marker);
  }
}
