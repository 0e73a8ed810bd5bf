// Evaluation: eval sets and cases, metrics and criteria, configs, results, and their stores.
export { AgentDetails, AppDetails } from './app-details.js';
export {
  ConversationScenario,
  ConversationScenarios,
  UserBehavior,
  UserPersona,
} from './conversation-scenarios.js';
export {
  EvalCase,
  IntermediateData,
  IntermediateDataType,
  Invocation,
  InvocationEvent,
  InvocationEvents,
  SessionInput,
  getAllToolCalls,
  getAllToolCallsWithResponses,
  getAllToolResponses,
  getAllUsageMetadata,
  isInvocationEvents,
  type SessionState,
  type ToolCallAndResponse,
} from './eval-case.js';
export {
  evalCaseFromJson,
  evalCaseToCamelCaseJson,
  evalCaseToPythonJson,
  invocationFromJson,
  invocationToCamelCaseJson,
} from './eval-case-json.js';
export {
  DEFAULT_EVAL_CONFIG,
  CustomMetricCodeConfig,
  CustomMetricConfig,
  EvalConfig,
  TEST_CONFIG_FILE_NAME,
  evalConfigFromJson,
  evalConfigToCamelCaseJson,
  evalConfigToPythonJson,
  findConfigForTestFile,
  getEvalMetricsFromConfig,
  getEvaluationCriteriaOrDefault,
} from './eval-config.js';
export {
  BaseCriterion,
  DEFAULT_JUDGE_MODEL,
  DEFAULT_JUDGE_NUM_SAMPLES,
  DEFAULT_USER_SIMULATOR_STOP_SIGNAL,
  HallucinationsCriterion,
  JudgeModelOptions,
  LlmAsAJudgeCriterion,
  LlmBackedUserSimulatorCriterion,
  RubricsBasedCriterion,
  ToolTrajectoryCriterion,
  ToolTrajectoryMatchType,
  toolTrajectoryMatchTypeOf,
} from './eval-criteria.js';
export {
  EvalMetric,
  EvalMetricResult,
  EvalMetricResultDetails,
  EvalMetricResultPerInvocation,
  EvalStatus,
  EvalStatusSchema,
  Interval,
  MetricInfo,
  MetricValueInfo,
  PrebuiltMetrics,
  type MetricInfoProvider,
  type PrebuiltMetricName,
} from './eval-metrics.js';
export { EvalCaseResult, EvalSetResult } from './eval-result.js';
export {
  evalCaseResultFromJson,
  evalCaseResultToCamelCaseJson,
  evalSetResultFromFileText,
  evalSetResultFromJson,
  evalSetResultToCamelCaseJson,
  evalSetResultToPythonJson,
  evalSetResultToPythonJsonText,
} from './eval-result-json.js';
export { Rubric, RubricContent, RubricScore } from './eval-rubrics.js';
export {
  EvalSet,
  evalSetFromJson,
  evalSetToCamelCaseJson,
  evalSetToPythonJson,
  evalSetToPythonJsonText,
} from './eval-set.js';
