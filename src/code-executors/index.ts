/*
 * The public code executors API (Python `google.adk.code_executors`): where
 * code the model writes runs (the base class, the model's built-in executor,
 * the unsafe local executor), the execution input and result, and the
 * executor's per-session context. src/index.ts re-exports all of it, so a name
 * added here is a public-API decision (test/packaging/public-surface.test.ts
 * pins the runtime names). The delimiters and the part conversions stay out;
 * the flow's code-execution processor imports their files directly.
 */

export {
  BaseCodeExecutor,
  type BaseCodeExecutorOptions,
  type ExecuteCodeArguments,
} from './base-code-executor.js';
export { BuiltInCodeExecutor } from './built-in-code-executor.js';
export type { CodeExecutionInput, CodeExecutorResult, File } from './code-execution-utils.js';
export { CodeExecutorContext, type RecordedCodeExecution } from './code-executor-context.js';
export {
  UnsafeLocalCodeExecutor,
  type UnsafeLocalCodeExecutorOptions,
} from './unsafe-local-code-executor.js';
