/**
 * The ADK conformance corpus replay, in process: corpus readers, the corpus
 * functions under their dotted names, the replay model and plugin, the
 * Python-form request and session dumps, and `runConformanceCase`. The
 * in-process test (test/conformance) and an HTTP conformance runner share it.
 */
export {
  ConformanceSpec,
  LlmRecording,
  RecordedSession,
  Recording,
  Recordings,
  SpecUserMessage,
  ToolRecording,
  findConformanceCorpus,
  listConformanceCases,
  parsePythonYaml,
  readConformanceCase,
  type ConformanceCase,
} from '../../conformance/corpus.js';
export {
  afterAgentCallback1,
  afterAgentCallback2,
  askForApproval,
  beforeAgentCallback1,
  beforeAgentCallback2,
  calculateTripCost,
  conformanceRegistry,
  createBooking,
  getUserId,
  reimburse,
  searchFlights,
  shortcutAgentExecution,
  validateEmail,
} from './functions.js';
export {
  diffValues,
  dumpLlmRequest,
  formatDifferences,
  withoutIgnoredRequestFields,
  type ValueDifference,
} from '../../conformance/python-dump.js';
export {
  ReplayLlm,
  ReplayPlugin,
  ReplaySession,
  installReplayModels,
} from '../../conformance/replay.js';
export {
  CONFORMANCE_USER_ID,
  runConformanceCase,
  type ConformanceRunResult,
  type RunConformanceCaseOptions,
} from './run-case.js';
export {
  dumpEventAsRecorded,
  sessionSummary,
  withoutAdkStateKeys,
  withoutIgnoredEventFields,
} from '../../conformance/session-compare.js';
