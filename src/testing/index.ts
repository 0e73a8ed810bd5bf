/**
 * Test support, published as `<package>/testing`: the scripted model and the
 * shared behavioural suites every service backend runs.
 */
export {
  functionCallResponse,
  ScriptedLlm,
  textResponse,
  type RecordedLlmRequest,
  type ScriptedLlmOptions,
  type ScriptedResponses,
  type ScriptedTurn,
} from './scripted-llm.js';
export { runSessionServiceSuite } from './session-service-suite.js';
export {
  modelText,
  ScriptedAgent,
  userText,
  type ScriptedAgentConfig,
  type ScriptedAgentStep,
} from './test-agents.js';
export { runOnce, texts } from './run-once.js';
