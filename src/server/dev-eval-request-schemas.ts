import type { Context } from 'hono';
import { z } from 'zod';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { RequestValidationError } from '../errors/request-validation-error.js';
import { parseEvalJson } from '../evaluation/eval-json.js';
import { EVAL_METRIC_CASING_RULE, EvalMetric } from '../evaluation/eval-metrics.js';
import { readJsonBody } from './read-request.js';
import { ApiId, camelCaseRequestKeys } from './request-schemas.js';

/**
 * The request body read by an eval data reader (`evalCaseFromJson`, …),
 * which accepts Python's field names and their camelCase aliases. A body
 * that does not fit is a `RequestValidationError` (422, as FastAPI answers)
 * carrying the reader's message.
 */
export async function readEvalBody<T>(context: Context, read: (json: unknown) => T): Promise<T> {
  const json = await readJsonBody(context, z.unknown());
  try {
    return read(json);
  } catch (error) {
    if (!InvalidArgumentError.isInstance(error)) throw error;
    throw new RequestValidationError({
      issues: [{ type: 'value_error', loc: ['body'], msg: error.message }],
      cause: error,
    });
  }
}

// An eval metric as sent: Python's field names or their camelCase aliases.
const EvalMetricBody = z.unknown().transform((json, context) => {
  try {
    return parseEvalJson(EvalMetric, EVAL_METRIC_CASING_RULE, json, 'evalMetric');
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});

/**
 * The body of `POST /dev/apps/{app}/eval-sets` (Python `CreateEvalSetRequest`):
 * `evalSet` or `eval_set`, an EvalSet whose fields are snake_case only (as
 * pydantic's plain `EvalSet`); only its `eval_set_id` is used, and other keys
 * adk-web sends (`model_execution_mode`, `tool_execution_mode`) are ignored
 * as Python ignores them.
 */
export const CreateEvalSetRequest = z.preprocess(
  camelCaseRequestKeys,
  z.object({
    evalSet: z.looseObject({ eval_set_id: z.string(), eval_cases: z.array(z.unknown()) }),
  }),
);
/** The body of `POST /dev/apps/{app}/eval-sets`. */
export type CreateEvalSetRequest = z.infer<typeof CreateEvalSetRequest>;

/** The body of `POST …/eval-sets/{id}/add-session` (Python `AddSessionToEvalSetRequest`). */
export const AddSessionToEvalSetRequest = z.preprocess(
  camelCaseRequestKeys,
  z.object({ evalId: z.string().min(1), sessionId: ApiId, userId: ApiId }),
);
/** The body of `POST …/eval-sets/{id}/add-session`. */
export type AddSessionToEvalSetRequest = z.infer<typeof AddSessionToEvalSetRequest>;

/**
 * The body of `POST …/eval-sets/{id}/run` and the legacy `…/run_eval`
 * (Python `RunEvalRequest`): the cases to run (`evalCaseIds`, or the
 * deprecated `evalIds`; none means all) and the metrics to score them with.
 * `liveModelConfig` (live inference) and `userSimulatorConfig` are read as
 * objects; see the route for what it does with them.
 */
export const RunEvalRequest = z.preprocess(
  camelCaseRequestKeys,
  z.object({
    evalIds: z.array(z.string()).default([]),
    evalCaseIds: z.array(z.string()).default([]),
    evalMetrics: z.array(EvalMetricBody),
    liveModelConfig: z.record(z.string(), z.unknown()).optional(),
    userSimulatorConfig: z.record(z.string(), z.unknown()).optional(),
  }),
);
/** The body of `POST …/eval-sets/{id}/run`. */
export type RunEvalRequest = z.infer<typeof RunEvalRequest>;
