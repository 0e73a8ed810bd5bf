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
export {
  EvalConstants,
  LegacyEvalCase,
  LegacyInitialSession,
  LegacyInvocation,
  convertLegacyEvalSet,
  convertLegacyTestFile,
  type LegacyConversionOptions,
} from './legacy-eval-set.js';
export type {
  EvalCaseRequest,
  EvalCaseWriteRequest,
  EvalSetRequest,
  EvalSetsManager,
} from './eval-sets-manager.js';
export { EVAL_SET_ID_PATTERN } from './eval-sets-manager-utils.js';
export {
  EVAL_SET_FILE_EXTENSION,
  LocalEvalSetsManager,
  evalSetFromFileText,
  loadEvalSetFromFile,
  loadEvalSetFromTestFile,
} from './local-eval-sets-manager.js';
export { InMemoryEvalSetsManager } from './in-memory-eval-sets-manager.js';
export {
  createEvalSetResult,
  type EvalSetResultRequest,
  type EvalSetResultsManager,
  type SaveEvalSetResultRequest,
} from './eval-set-results-manager.js';
export {
  ADK_EVAL_HISTORY_DIR,
  EVAL_SET_RESULT_FILE_EXTENSION,
  LocalEvalSetResultsManager,
} from './local-eval-set-results-manager.js';
export { InMemoryEvalSetResultsManager } from './in-memory-eval-set-results-manager.js';
// Metrics: the evaluator contract, the metric registry and the deterministic metrics.
export {
  CustomMetricEvaluator,
  customMetricEvaluatorFactory,
  type CustomMetricFunction,
  type CustomMetricRequest,
} from './custom-metric-evaluator.js';
export { createDefaultMetricEvaluatorRegistry } from './default-metric-evaluator-registry.js';
export type {
  EvaluateInvocationsRequest,
  EvaluationResult,
  Evaluator,
  PerInvocationResult,
} from './evaluator.js';
export {
  MetricEvaluatorRegistry,
  type EvaluatorFactory,
  type RegisterEvaluatorRequest,
} from './metric-evaluator-registry.js';
export {
  averageOverInvocations,
  checkInvocationLengths,
  evalStatusOf,
  getMetricThreshold,
  notEvaluatedResult,
  requireExpectedInvocations,
  textOf,
} from './metric-scoring.js';
export { RougeEvaluator, responseMatchScore } from './metrics/rouge-evaluator.js';
export { TrajectoryEvaluator } from './metrics/trajectory-evaluator.js';
export { metricInfo, PREBUILT_METRIC_INFOS } from './prebuilt-metric-infos.js';
export {
  registerCustomMetricsFromConfig,
  type RegisterCustomMetricsRequest,
} from './register-custom-metrics.js';
export { porterStem } from './text/porter-stemmer.js';
export { rouge1, type RougeScore } from './text/rouge-1.js';
// Running evals: LocalEvalService, inference, user simulation, AgentEvaluator.
export {
  AgentEvaluator,
  DEFAULT_NUM_RUNS,
  type AgentEvaluateRequest,
  type AgentEvaluatorOptions,
  type AgentUnderEvaluation,
  type EvaluateEvalSetRequest,
} from './agent-evaluator.js';
export {
  DEFAULT_EVAL_PARALLELISM,
  InferenceStatus,
  type BaseEvalService,
  type EvaluateConfig,
  type EvaluateRequest,
  type InferenceConfig,
  type InferenceRequest,
  type InferenceResult,
} from './base-eval-service.js';
export { aggregateEvalCaseResults } from './eval-case-result-aggregator.js';
export {
  convertEventsToEvalInvocations,
  generateInferences,
  type GenerateInferencesRequest,
} from './evaluation-generator.js';
export {
  EVAL_SESSION_ID_PREFIX,
  LocalEvalService,
  type EvalSetsReader,
  type LocalEvalServiceOptions,
} from './local-eval-service.js';
export { getLlmBackedUserSimulatorPrompt } from './simulation/llm-backed-user-simulator-prompts.js';
export {
  LlmBackedUserSimulator,
  LlmBackedUserSimulatorConfig,
  type LlmBackedUserSimulatorOptions,
} from './simulation/llm-backed-user-simulator.js';
export {
  createDefaultUserPersonaRegistry,
  PreBuiltBehaviors,
  PreBuiltPersonas,
} from './simulation/pre-built-personas.js';
export { StaticUserSimulator } from './simulation/static-user-simulator.js';
export { UserPersonaRegistry } from './simulation/user-simulator-personas.js';
export {
  UserSimulatorProvider,
  type UserSimulatorFactory,
  type UserSimulatorProviderOptions,
} from './simulation/user-simulator-provider.js';
export {
  UserSimulatorStatus,
  type NextUserMessage,
  type UserSimulator,
} from './simulation/user-simulator.js';
// Building eval cases from sessions.
export { createEmptyState } from './empty-session-state.js';
