export { BaseLlmFlow, finalizeModelResponseEvent, getAgentToRun } from './base-llm-flow.js';
export {
  buildResponseEvent,
  type FunctionCallOptions,
  getLongRunningFunctionCalls,
  handleFunctionCallListAsync,
  handleFunctionCallsAsync,
  mergeParallelFunctionResponseEvents,
  populateClientFunctionCallIds,
  REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
  REQUEST_EUC_FUNCTION_CALL_NAME,
} from './functions.js';
export { injectSessionState } from './inject-session-state.js';
export {
  isLlmAgent,
  type AfterModelCallback,
  type AfterToolCallback,
  type BeforeModelCallback,
  type BeforeToolCallback,
  type IncludeContents,
  type InstructionProvider,
  type LlmAgentContract,
  type OnModelErrorCallback,
  type OnToolErrorCallback,
  type OutputSchema,
  type StaticInstruction,
  type ToolUnion,
} from './llm-agent-contract.js';
export { autoFlow, singleFlow, SINGLE_FLOW_REQUEST_PROCESSORS } from './llm-flows.js';
export type { LlmRequestProcessor, LlmResponseProcessor } from './llm-processor.js';
export { getContents, getCurrentTurnContents } from './processors/contents.js';
export { buildTransferInstructions, getTransferTargets } from './processors/agent-transfer.js';
export { BasePlanner } from './planners/base-planner.js';
export { BuiltInPlanner } from './planners/built-in-planner.js';
export {
  ACTION_TAG,
  FINAL_ANSWER_TAG,
  PLANNING_TAG,
  PlanReActPlanner,
  REASONING_TAG,
  REPLANNING_TAG,
} from './planners/plan-re-act-planner.js';
export {
  BaseCodeExecutor,
  DEFAULT_CODE_BLOCK_DELIMITERS,
  DEFAULT_EXECUTION_RESULT_DELIMITERS,
  type BaseCodeExecutorOptions,
  type ExecuteCodeArguments,
} from './code-executors/base-code-executor.js';
export { BuiltInCodeExecutor } from './code-executors/built-in-code-executor.js';
export {
  UnsafeLocalCodeExecutor,
  type UnsafeLocalCodeExecutorOptions,
} from './code-executors/unsafe-local-code-executor.js';
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
} from './code-executors/code-execution-utils.js';
export {
  CodeExecutorContext,
  type RecordedCodeExecution,
} from './code-executors/code-executor-context.js';
export {
  codeExecutionRequestProcessor,
  codeExecutionResponseProcessor,
} from './processors/code-execution.js';
