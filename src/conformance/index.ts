/**
 * Cross-language conformance (docs/conformance.md): the corpus readers, the
 * replay (model, plugin, the server's `_adk_replay_config` hook), the HTTP
 * client and test runner, and the report.
 */
export {
  ConformanceSpec,
  findConformanceCorpus,
  listConformanceCases,
  LlmRecording,
  parsePythonYaml,
  readConformanceCase,
  readYaml,
  RecordedSession,
  Recording,
  Recordings,
  SpecUserMessage,
  ToolRecording,
  type ConformanceCase,
} from './corpus.js';
export {
  diffValues,
  dumpLlmRequest,
  formatDifferences,
  withoutIgnoredRequestFields,
  type ValueDifference,
} from './python-dump.js';
export { installReplayModels, ReplayLlm, ReplayPlugin, ReplaySession } from './replay.js';
export {
  ConformanceRunConfig,
  conformanceRunConfigOf,
  ConformanceStreamingMode,
  readConformanceRunConfig,
  RECORDINGS_CONFIG_KEY,
  recordingsFileName,
  REPLAY_CONFIG_KEY,
  sessionFileName,
} from './replay-config.js';
export {
  chainBeforeRunHooks,
  createReplayRunHook,
  type ReplayRunHookOptions,
} from './replay-run-hook.js';
export {
  dumpEventAsRecorded,
  sessionSummary,
  withoutAdkStateKeys,
  withoutIgnoredEventFields,
} from './session-compare.js';
export { ConformanceClient, type RunSseRequest, type WireSession } from './conformance-client.js';
export {
  compareWithRecording,
  CONFORMANCE_USER_ID,
  discoverConformanceCases,
  findSpecFolders,
  isDirectory,
  runConformanceCaseOverHttp,
  sendUserMessages,
  withoutWireDefaults,
  type ConformanceModeSummary,
  type ConformanceTestResult,
  type DiscoveredCase,
  type RunCaseOverHttpOptions,
} from './http-test-runner.js';
export {
  formatModeSummary,
  markdownReport,
  modeTotals,
  writeMarkdownReport,
  type ModeTotals,
} from './report.js';
export { loadConformanceFunctions, type ConformanceFunctions } from './functions-module.js';
export { dumpPythonYaml } from './python-yaml.js';
export { RecordingsPlugin } from './recordings-plugin.js';
export { createRecordRunHook } from './record-run-hook.js';
export {
  discoverSpecCases,
  dumpSessionAsPython,
  recordConformanceCase,
  type RecordCaseOptions,
} from './http-record-runner.js';
export {
  contentInPythonOrder,
  llmRequestInPythonOrder,
  llmResponseInPythonOrder,
} from './python-key-order.js';
