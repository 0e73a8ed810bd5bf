/*
 * The public names of the LLM flow (Python `google.adk.flows`, with the LLM
 * agent's types of `google.adk.agents`): the LLM agent's contract (its
 * callbacks, instructions, contents and output schema, its mode), the audio
 * transcriber of live runs, the function names of confirmation and credential
 * requests, and the default events summarizer of compaction. src/index.ts
 * re-exports all of it, so a name added here is a public-API decision
 * (test/packaging/public-surface.test.ts pins the runtime names). The flows,
 * their processors and function-call handling stay out; the agents, the
 * runner and the server import their files directly.
 */

// The LLM agent's mode; live runs transcribing the user's audio.
export type { AgentMode } from './agent-mode.js';
export {
  AudioTranscriber,
  type AudioTranscriberOptions,
  type SpeechToText,
} from './audio-transcriber.js';

// The LLM agent's contract: its callbacks, instructions and output schema.
export {
  isLlmAgent,
  type AfterModelCallback,
  type AfterToolCallback,
  type BeforeModelCallback,
  type BeforeToolCallback,
  type IncludeContents,
  type InstructionProvider,
  type OnModelErrorCallback,
  type OnToolErrorCallback,
  type OutputSchema,
  type StaticInstruction,
  type ToolUnion,
} from './llm-agent-contract.js';

// The function calls that ask the client for a confirmation or a credential.
export {
  REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
  REQUEST_EUC_FUNCTION_CALL_NAME,
} from './functions.js';

// Compaction: the default events summarizer.
export {
  DEFAULT_SUMMARIZER_PROMPT_TEMPLATE,
  LlmEventSummarizer,
  type LlmEventSummarizerOptions,
} from './compaction/llm-event-summarizer.js';
