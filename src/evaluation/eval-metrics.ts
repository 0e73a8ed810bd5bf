import { z } from 'zod';
import { modelRule } from '../events/json-casing.js';
import { BaseCriterion, CRITERION_CASING_RULE } from './eval-criteria.js';
import { INVOCATION_CASING_RULE, Invocation } from './eval-case.js';
import { RUBRIC_SCORE_CASING_RULE, RubricScore } from './eval-rubrics.js';

/**
 * The verdict of a metric or a case. Python's `EvalStatus` enum has the
 * integer values 1, 2 and 3, and files and the HTTP API carry those numbers.
 */
export const EvalStatus = { PASSED: 1, FAILED: 2, NOT_EVALUATED: 3 } as const;
/** The verdict of a metric or a case: 1 passed, 2 failed, 3 not evaluated. */
export type EvalStatus = (typeof EvalStatus)[keyof typeof EvalStatus];

/** Validates an `EvalStatus` number. */
export const EvalStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** The names of the metrics ADK ships (Python `PrebuiltMetrics`), as config files and results spell them. */
export const PrebuiltMetrics = {
  TOOL_TRAJECTORY_AVG_SCORE: 'tool_trajectory_avg_score',
  RESPONSE_EVALUATION_SCORE: 'response_evaluation_score',
  RESPONSE_MATCH_SCORE: 'response_match_score',
  SAFETY_V1: 'safety_v1',
  FINAL_RESPONSE_MATCH_V2: 'final_response_match_v2',
  RUBRIC_BASED_FINAL_RESPONSE_QUALITY_V1: 'rubric_based_final_response_quality_v1',
  HALLUCINATIONS_V1: 'hallucinations_v1',
  RUBRIC_BASED_TOOL_USE_QUALITY_V1: 'rubric_based_tool_use_quality_v1',
  PER_TURN_USER_SIMULATOR_QUALITY_V1: 'per_turn_user_simulator_quality_v1',
} as const;
/** The name of a metric ADK ships. */
export type PrebuiltMetricName = (typeof PrebuiltMetrics)[keyof typeof PrebuiltMetrics];

/**
 * A metric an eval applies (Python `EvalMetric`). `threshold` is the older
 * spelling of `criterion.threshold`; `customFunctionPath` names a custom
 * metric's scoring function.
 */
export const EvalMetric = z.looseObject({
  metricName: z.string(),
  threshold: z.number().optional(),
  criterion: BaseCriterion.optional(),
  customFunctionPath: z.string().optional(),
});
/** A metric an eval applies. */
export type EvalMetric = z.infer<typeof EvalMetric>;

/** What a metric reports beside its score (Python `EvalMetricResultDetails`). */
export const EvalMetricResultDetails = z.looseObject({
  rubricScores: z.array(RubricScore).optional(),
});
/** What a metric reports beside its score. */
export type EvalMetricResultDetails = z.infer<typeof EvalMetricResultDetails>;

/** A metric's outcome (Python `EvalMetricResult`); `score` is absent when it was not evaluated. */
export const EvalMetricResult = EvalMetric.extend({
  score: z.number().optional(),
  evalStatus: EvalStatusSchema,
  details: EvalMetricResultDetails.default(() => ({})),
});
/** A metric's outcome. */
export type EvalMetricResult = z.infer<typeof EvalMetricResult>;

/** The metric results of one invocation (Python `EvalMetricResultPerInvocation`). */
export const EvalMetricResultPerInvocation = z.looseObject({
  /** What the agent did, usually obtained by running it. */
  actualInvocation: Invocation,
  /** The reference invocation, when the case has one (a scenario case has none). */
  expectedInvocation: Invocation.optional(),
  evalMetricResults: z.array(EvalMetricResult).default(() => []),
});
/** The metric results of one invocation. */
export type EvalMetricResultPerInvocation = z.infer<typeof EvalMetricResultPerInvocation>;

/** A range of numbers, closed at each end unless said open: `[0, 1]`, `(2, 3)`, `[-1, 6)`. */
export const Interval = z.looseObject({
  minValue: z.number(),
  openAtMin: z.boolean().default(false),
  maxValue: z.number(),
  openAtMax: z.boolean().default(false),
});
/** A range of numbers. */
export type Interval = z.infer<typeof Interval>;

/** The kind of values a metric reports (Python `MetricValueInfo`). */
export const MetricValueInfo = z.looseObject({
  interval: Interval.optional(),
});
/** The kind of values a metric reports. */
export type MetricValueInfo = z.infer<typeof MetricValueInfo>;

/** What the eval framework tells about a metric (Python `MetricInfo`, served by `metrics-info`). */
export const MetricInfo = z.looseObject({
  metricName: z.string(),
  /** Two or three lines. */
  description: z.string().optional(),
  metricValueInfo: MetricValueInfo,
});
/** What the eval framework tells about a metric. */
export type MetricInfo = z.infer<typeof MetricInfo>;

/** Anything that describes a metric to the eval framework (Python `MetricInfoProvider`). */
export interface MetricInfoProvider {
  /** The metric's info. */
  getMetricInfo(): MetricInfo;
}

/** The casing table of an `EvalMetric`. */
export const EVAL_METRIC_CASING_RULE = modelRule(
  { criterion: CRITERION_CASING_RULE },
  { floats: ['threshold'] },
);

/** The casing table of an `EvalMetricResult`. */
export const EVAL_METRIC_RESULT_CASING_RULE = modelRule(
  {
    criterion: CRITERION_CASING_RULE,
    details: modelRule({ rubricScores: RUBRIC_SCORE_CASING_RULE }),
  },
  { floats: ['threshold', 'score'] },
);

/** The casing table of an `EvalMetricResultPerInvocation`. */
export const EVAL_METRIC_RESULT_PER_INVOCATION_CASING_RULE = modelRule({
  actualInvocation: INVOCATION_CASING_RULE,
  expectedInvocation: INVOCATION_CASING_RULE,
  evalMetricResults: EVAL_METRIC_RESULT_CASING_RULE,
});

/** The casing table of a `MetricInfo`. */
export const METRIC_INFO_CASING_RULE = modelRule({
  metricValueInfo: modelRule({
    interval: modelRule({}, { floats: ['minValue', 'maxValue'] }),
  }),
});
