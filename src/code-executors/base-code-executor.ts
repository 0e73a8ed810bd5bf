import type { InvocationContext } from '../context/invocation-context.js';
import type { CodeExecutionInput, CodeExecutorResult, Delimiters } from './code-execution-utils.js';

/** Settings every code executor accepts (Python `BaseCodeExecutor` fields). */
export interface BaseCodeExecutorOptions {
  /**
   * Extract data files (`text/csv`) from the request, replace them with their
   * names and explore them with pandas before the model call. Default false.
   */
  optimizeDataFile?: boolean;
  /** Keep one execution session per ADK session (the session id is the execution id). Default false. */
  stateful?: boolean;
  /** Consecutive failed runs after which the invocation stops executing code. Default 2. */
  errorRetryAttempts?: number;
  /** The fences that mark code in the model's text; the first also formats code sent back. */
  codeBlockDelimiters?: readonly Delimiters[];
  /** The fence that formats execution results sent back to the model. */
  executionResultDelimiters?: Delimiters;
  /** The longest a run may take, in seconds; undefined for no limit. */
  timeoutSeconds?: number;
}

/** Arguments of `executeCode`. */
export interface ExecuteCodeArguments {
  /** The invocation the code runs in. */
  readonly invocationContext: InvocationContext;
  /** The code and its files. */
  readonly codeExecutionInput: CodeExecutionInput;
}

/** The delimiters Python uses to find code in model text. */
export const DEFAULT_CODE_BLOCK_DELIMITERS: readonly Delimiters[] = [
  ['```tool_code\n', '\n```'],
  ['```python\n', '\n```'],
];

/** The delimiters Python uses to send execution results back to the model. */
export const DEFAULT_EXECUTION_RESULT_DELIMITERS: Delimiters = ['```tool_output\n', '\n```'];

/**
 * The base of code executors (Python `BaseCodeExecutor`): an agent with one
 * runs the first code block of each model response and sends the result back
 * to the model in the next call (spec 003 §16). Subclasses implement
 * `executeCode`; `BuiltInCodeExecutor` instead lets the model run code itself.
 */
export abstract class BaseCodeExecutor {
  /** Whether data files in the request are extracted and explored first. */
  readonly optimizeDataFile: boolean;
  /** Whether runs share one execution session per ADK session. */
  readonly stateful: boolean;
  /** Consecutive failed runs after which code is no longer executed in the invocation. */
  readonly errorRetryAttempts: number;
  /** The fences that mark code in model text. */
  readonly codeBlockDelimiters: readonly Delimiters[];
  /** The fence around execution results sent to the model. */
  readonly executionResultDelimiters: Delimiters;
  /** The longest a run may take, in seconds; undefined for no limit. */
  readonly timeoutSeconds: number | undefined;

  constructor(options: BaseCodeExecutorOptions = {}) {
    this.optimizeDataFile = options.optimizeDataFile ?? false;
    this.stateful = options.stateful ?? false;
    this.errorRetryAttempts = options.errorRetryAttempts ?? 2;
    this.codeBlockDelimiters = options.codeBlockDelimiters ?? DEFAULT_CODE_BLOCK_DELIMITERS;
    this.executionResultDelimiters =
      options.executionResultDelimiters ?? DEFAULT_EXECUTION_RESULT_DELIMITERS;
    this.timeoutSeconds = options.timeoutSeconds;
  }

  /**
   * Runs the code and reports its output. A failure of the code itself is a
   * result with non-empty `stderr`, not an exception: the model sees it and
   * may correct the code.
   */
  abstract executeCode(
    args: ExecuteCodeArguments,
  ): Promise<CodeExecutorResult> | CodeExecutorResult;
}
