/**
 * Test support, published as `<package>/testing`: the scripted model, a
 * scriptable custom agent and run helpers. The shared behavioural suites,
 * which need vitest, are under `<package>/testing/suites`.
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
export {
  ScriptedLiveConnection,
  type ScriptedLiveSent,
  type ScriptedLiveTurn,
} from './scripted-live-connection.js';
export { ScriptedLiveLlm, type ScriptedLiveLlmOptions } from './scripted-live-llm.js';
export {
  modelText,
  ScriptedAgent,
  userText,
  type ScriptedAgentConfig,
  type ScriptedAgentStep,
} from './test-agents.js';
export { runOnce, texts } from './run-once.js';
export {
  createTestInvocationContext,
  type TestInvocationContextOptions,
} from './test-invocation-context.js';
