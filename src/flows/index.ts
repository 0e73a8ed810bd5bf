export { BaseLlmFlow, finalizeModelResponseEvent, getAgentToRun } from './base-llm-flow.js';
export {
  buildResponseEvent,
  type FunctionCallListRequest,
  type FunctionCallOptions,
  type FunctionCallsRequest,
  getLongRunningFunctionCalls,
  handleFunctionCallListAsync,
  handleFunctionCallsAsync,
  mergeParallelFunctionResponseEvents,
  populateClientFunctionCallIds,
  REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
  REQUEST_EUC_FUNCTION_CALL_NAME,
} from './functions.js';
export { injectSessionState } from '../context/inject-session-state.js';
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
export {
  codeExecutionRequestProcessor,
  codeExecutionResponseProcessor,
} from './processors/code-execution.js';
export {
  AudioTranscriber,
  type AudioTranscriberOptions,
  type SpeechToText,
} from './audio-transcriber.js';
