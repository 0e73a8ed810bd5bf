/*
 * The public evaluation API: what users write code against (data types and
 * their JSON readers/writers, the stores, metrics and judges, the services
 * that run evals, user simulation). src/index.ts re-exports all of it, so a
 * name added here is a public-API decision (test/packaging/public-surface.test.ts
 * pins the runtime names). Scoring helpers, prompt builders and wire converters
 * that only the server and CLI use stay out; they import their files directly.
 */

// Eval sets and cases, metrics and criteria, configs, results.
export {
  ConversationScenario,
  type ConversationScenarios,
  type UserBehavior,
  type UserPersona,
} from './conversation-scenarios.js';
export {
  EvalCase,
  IntermediateData,
  Invocation,
  InvocationEvent,
  InvocationEvents,
  SessionInput,
  getAllToolCalls,
  getAllToolCallsWithResponses,
  getAllToolResponses,
  type SessionState,
  type ToolCallAndResponse,
} from './eval-case.js';
export { evalCaseFromJson, evalCaseToCamelCaseJson } from './eval-case-json.js';
export {
  DEFAULT_EVAL_CONFIG,
  EvalConfig,
  evalConfigFromJson,
  findConfigForTestFile,
  getEvalMetricsFromConfig,
  getEvaluationCriteriaOrDefault,
  type CustomMetricConfig,
} from './eval-config.js';
export {
  BaseCriterion,
  HallucinationsCriterion,
  JudgeModelOptions,
  LlmAsAJudgeCriterion,
  RubricsBasedCriterion,
  ToolTrajectoryCriterion,
  type LlmBackedUserSimulatorCriterion,
  type ToolTrajectoryMatchType,
} from './eval-criteria.js';
export {
  EvalMetric,
  EvalMetricResult,
  EvalMetricResultPerInvocation,
  EvalStatus,
  MetricInfo,
  PrebuiltMetrics,
  type EvalMetricResultDetails,
  type Interval,
  type MetricInfoProvider,
  type MetricValueInfo,
  type PrebuiltMetricName,
} from './eval-metrics.js';
export { EvalCaseResult, EvalSetResult } from './eval-result.js';
export {
  evalSetResultFromFileText,
  evalSetResultToCamelCaseJson,
  evalSetResultToPythonJsonText,
} from './eval-result-json.js';
export { Rubric, RubricScore, type RubricContent } from './eval-rubrics.js';
export {
  EvalSet,
  evalSetFromJson,
  evalSetToCamelCaseJson,
  evalSetToPythonJsonText,
} from './eval-set.js';
export { convertLegacyEvalSet, type LegacyConversionOptions } from './legacy-eval-set.js';

// The stores of eval sets and of results.
export type {
  EvalCaseRequest,
  EvalCaseWriteRequest,
  EvalSetRequest,
  EvalSetsManager,
} from './eval-sets-manager.js';
export {
  LocalEvalSetsManager,
  loadEvalSetFromFile,
  loadEvalSetFromTestFile,
} from './local-eval-sets-manager.js';
export { InMemoryEvalSetsManager } from './in-memory-eval-sets-manager.js';
export type {
  EvalSetResultRequest,
  EvalSetResultsManager,
  SaveEvalSetResultRequest,
} from './eval-set-results-manager.js';
export { LocalEvalSetResultsManager } from './local-eval-set-results-manager.js';
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
export { RougeEvaluator } from './metrics/rouge-evaluator.js';
export { TrajectoryEvaluator } from './metrics/trajectory-evaluator.js';
export {
  registerCustomMetricsFromConfig,
  type RegisterCustomMetricsRequest,
} from './register-custom-metrics.js';

// Running evals: LocalEvalService, user simulation, AgentEvaluator.
export {
  AgentEvaluator,
  type AgentEvaluateRequest,
  type AgentEvaluatorOptions,
  type AgentUnderEvaluation,
  type EvaluateEvalSetRequest,
} from './agent-evaluator.js';
export {
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
  LocalEvalService,
  type EvalSetsReader,
  type LocalEvalServiceOptions,
} from './local-eval-service.js';
export {
  LlmBackedUserSimulator,
  type LlmBackedUserSimulatorOptions,
} from './simulation/llm-backed-user-simulator.js';
export { StaticUserSimulator } from './simulation/static-user-simulator.js';
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

// LLM-judged metrics (judges/).
export { FinalResponseMatchV2Evaluator } from './judges/final-response-match-v2.js';
export { HallucinationsV1Evaluator } from './judges/hallucinations-v1.js';
export {
  LlmAsJudge,
  type AutoRaterScore,
  type JudgeCriterionBase,
  type LlmJudgeOptions,
} from './judges/llm-as-judge.js';
export { PerTurnUserSimulatorQualityV1 } from './judges/per-turn-user-simulator-quality-v1.js';
export { registerJudgeMetrics } from './judges/register-judge-metrics.js';
export {
  RubricBasedEvaluator,
  type RubricBasedEvaluatorOptions,
} from './judges/rubric-based-evaluator.js';
export { RubricBasedFinalResponseQualityV1Evaluator } from './judges/rubric-based-final-response-quality-v1.js';
export { RubricBasedMultiTurnTrajectoryEvaluator } from './judges/rubric-based-multi-turn-trajectory-quality-v1.js';
export { RubricBasedToolUseV1Evaluator } from './judges/rubric-based-tool-use-quality-v1.js';
