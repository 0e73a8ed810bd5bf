import { z } from 'zod';
import { EVENT_CASING_RULE } from '../events/event-json.js';
import { VERBATIM, modelRule } from '../events/json-casing.js';
import { Session } from '../sessions/session.js';
import {
  EVAL_METRIC_RESULT_CASING_RULE,
  EVAL_METRIC_RESULT_PER_INVOCATION_CASING_RULE,
  EvalMetric,
  EvalMetricResult,
  EvalMetricResultPerInvocation,
  EvalStatusSchema,
} from './eval-metrics.js';

/**
 * The outcome of one eval case (Python `EvalCaseResult`). `evalSetFile` and
 * `evalMetricResults` are deprecated in Python yet still required there, so
 * they are always written (`evalSetFile` holds the eval set id, the metric
 * pairs repeat `overallEvalMetricResults`); reading tolerates their absence.
 */
export const EvalCaseResult = z.object({
  /** @deprecated Python's older name of `evalSetId`. */
  evalSetFile: z.string().default(''),
  evalSetId: z.string().default(''),
  evalId: z.string().default(''),
  finalEvalStatus: EvalStatusSchema,
  /** @deprecated Python's older form of `overallEvalMetricResults`: `[metric, result]` pairs. */
  evalMetricResults: z.array(z.tuple([EvalMetric, EvalMetricResult])).default(() => []),
  /** The result of each metric over the whole case. */
  overallEvalMetricResults: z.array(EvalMetricResult),
  /** The result of each metric for each invocation. */
  evalMetricResultPerInvocation: z.array(EvalMetricResultPerInvocation),
  /** The session the case ran in. */
  sessionId: z.string(),
  sessionDetails: Session.optional(),
  userId: z.string().optional(),
});
/** The outcome of one eval case. */
export type EvalCaseResult = z.infer<typeof EvalCaseResult>;

/**
 * The outcome of one run of an eval set (Python `EvalSetResult`), stored as
 * `<eval_set_result_name>.evalset_result.json`.
 */
export const EvalSetResult = z.object({
  evalSetResultId: z.string(),
  evalSetResultName: z.string().optional(),
  evalSetId: z.string(),
  evalCaseResults: z.array(EvalCaseResult).default(() => []),
  /** Float seconds since the epoch. */
  creationTimestamp: z.number().default(0),
});
/** The outcome of one run of an eval set. */
export type EvalSetResult = z.infer<typeof EvalSetResult>;

/** The casing table of a `Session` inside a result. */
const SESSION_CASING_RULE = modelRule(
  { state: VERBATIM, events: EVENT_CASING_RULE },
  { floats: ['lastUpdateTime'] },
);

/** The casing table of an `EvalCaseResult`. */
export const EVAL_CASE_RESULT_CASING_RULE = modelRule({
  evalMetricResults: EVAL_METRIC_RESULT_CASING_RULE,
  overallEvalMetricResults: EVAL_METRIC_RESULT_CASING_RULE,
  evalMetricResultPerInvocation: EVAL_METRIC_RESULT_PER_INVOCATION_CASING_RULE,
  sessionDetails: SESSION_CASING_RULE,
});

/** The casing table of an `EvalSetResult`. */
export const EVAL_SET_RESULT_CASING_RULE = modelRule(
  { evalCaseResults: EVAL_CASE_RESULT_CASING_RULE },
  { floats: ['creationTimestamp'] },
);
