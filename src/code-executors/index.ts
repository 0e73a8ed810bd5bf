/** Code executors: where code the model writes runs (Python `google.adk.code_executors`). */
export {
  BaseCodeExecutor,
  DEFAULT_CODE_BLOCK_DELIMITERS,
  DEFAULT_EXECUTION_RESULT_DELIMITERS,
  type BaseCodeExecutorOptions,
  type ExecuteCodeArguments,
} from './base-code-executor.js';
export { BuiltInCodeExecutor } from './built-in-code-executor.js';
export {
  UnsafeLocalCodeExecutor,
  type UnsafeLocalCodeExecutorOptions,
} from './unsafe-local-code-executor.js';
export {
  buildCodeExecutionResultPart,
  buildExecutableCodePart,
  convertCodeExecutionParts,
  extractCodeAndTruncateContent,
  getContentAsBytes,
  getEncodedFileContent,
  type CodeExecutionInput,
  type CodeExecutorResult,
  type Delimiters,
  type File,
} from './code-execution-utils.js';
export { CodeExecutorContext, type RecordedCodeExecution } from './code-executor-context.js';
