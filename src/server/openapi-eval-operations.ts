import type { OperationSpec, ResponseSpec } from './openapi-operations.js';
import { schemaRef, type JsonSchema } from './openapi-schemas.js';

const STRINGS: JsonSchema = { type: 'array', items: { type: 'string' } };
const NULL: JsonSchema = { type: 'null' };
const ANY_OBJECT: JsonSchema = { type: 'object', additionalProperties: true };
const ANY_OBJECTS: JsonSchema = { type: 'array', items: ANY_OBJECT };

const json = (description: string, schema: JsonSchema): ResponseSpec => ({ description, schema });
const body = (component: string) => ({ schema: schemaRef(component), required: true });
const NONE = { 200: json('`null`.', NULL) };

const SET_LIST = json('`{evalSetIds}`, sorted.', {
  type: 'object',
  properties: { evalSetIds: STRINGS },
});
const EVAL_SET = json(
  'The EvalSet: its own fields in snake_case (as Python), its cases in camelCase.',
  ANY_OBJECT,
);
const EVAL_CASE = json('The EvalCase in camelCase, credentials redacted.', ANY_OBJECT);
const RESULT = json('The EvalSetResult in camelCase, credentials redacted.', ANY_OBJECT);
const RUN_RESULTS_DESCRIPTION =
  'Each case: `{evalSetFile, evalSetId, evalId, finalEvalStatus, evalMetricResults: [], ' +
  'overallEvalMetricResults, evalMetricResultPerInvocation, userId, sessionId}`.';

/** The operations of the eval routes of `adk web` (see `registerDevEvalRoutes`), keyed as `OPERATIONS`. */
export const EVAL_OPERATIONS: Readonly<Record<string, OperationSpec>> = {
  'POST /dev/apps/{app_name}/eval-sets': {
    operationId: 'create_eval_set',
    summary: 'Create an empty eval set',
    description: '400 for an invalid (not letters, digits, `_`) or taken id.',
    tag: 'evaluation',
    body: body('CreateEvalSetRequest'),
    responses: { 200: EVAL_SET },
  },
  'POST /dev/apps/{app_name}/eval_sets/{eval_set_id}': {
    operationId: 'create_eval_set_legacy',
    summary: 'Create an empty eval set of the given id',
    tag: 'evaluation',
    deprecated: true,
    responses: NONE,
  },
  'GET /dev/apps/{app_name}/eval-sets': {
    operationId: 'list_eval_sets',
    summary: 'List the eval sets of an app',
    tag: 'evaluation',
    responses: { 200: SET_LIST },
  },
  'GET /dev/apps/{app_name}/eval_sets': {
    operationId: 'list_eval_sets_legacy',
    summary: 'List the eval sets of an app, as a list',
    tag: 'evaluation',
    deprecated: true,
    responses: { 200: json('The eval set ids, sorted.', STRINGS) },
  },
  'GET /dev/apps/{app_name}/eval-sets/{eval_set_id}': {
    operationId: 'get_eval_set',
    summary: 'An eval set',
    description: '404 when missing. adk-web calls it; adk-python has no such route.',
    tag: 'evaluation',
    responses: { 200: EVAL_SET },
  },
  'DELETE /dev/apps/{app_name}/eval-sets/{eval_set_id}': {
    operationId: 'delete_eval_set',
    summary: 'Delete an eval set',
    description: '404 when missing. adk-web calls it; adk-python has no such route.',
    tag: 'evaluation',
    responses: NONE,
  },
  'POST /dev/apps/{app_name}/eval-sets/{eval_set_id}/add-session': {
    operationId: 'add_session_to_eval_set',
    summary: 'Add a session as an eval case',
    description:
      "The session's turns become the case's invocations. 404 for a missing session or set, 400 for a taken case id.",
    tag: 'evaluation',
    body: body('AddSessionToEvalSetRequest'),
    responses: NONE,
  },
  'POST /dev/apps/{app_name}/eval_sets/{eval_set_id}/add_session': {
    operationId: 'add_session_to_eval_set_legacy',
    summary: 'Add a session as an eval case',
    tag: 'evaluation',
    deprecated: true,
    body: body('AddSessionToEvalSetRequest'),
    responses: NONE,
  },
  'GET /dev/apps/{app_name}/eval_sets/{eval_set_id}/evals': {
    operationId: 'list_evals_in_eval_set',
    summary: 'List the eval ids of an eval set',
    description: '400 when the set is missing (as adk-python answers).',
    tag: 'evaluation',
    responses: { 200: json('The eval ids, sorted.', STRINGS) },
  },
  'GET /dev/apps/{app_name}/eval-sets/{eval_set_id}/eval-cases/{eval_case_id}': {
    operationId: 'get_eval',
    summary: 'An eval case',
    tag: 'evaluation',
    responses: { 200: EVAL_CASE },
  },
  'GET /dev/apps/{app_name}/eval_sets/{eval_set_id}/evals/{eval_case_id}': {
    operationId: 'get_eval_legacy',
    summary: 'An eval case',
    tag: 'evaluation',
    deprecated: true,
    responses: { 200: EVAL_CASE },
  },
  'PUT /dev/apps/{app_name}/eval-sets/{eval_set_id}/eval-cases/{eval_case_id}': {
    operationId: 'update_eval',
    summary: 'Replace an eval case',
    description: "An EvalCase in either casing; 400 when its id is not the route's.",
    tag: 'evaluation',
    body: { schema: ANY_OBJECT, required: true },
    responses: NONE,
  },
  'PUT /dev/apps/{app_name}/eval_sets/{eval_set_id}/evals/{eval_case_id}': {
    operationId: 'update_eval_legacy',
    summary: 'Replace an eval case',
    tag: 'evaluation',
    deprecated: true,
    body: { schema: ANY_OBJECT, required: true },
    responses: NONE,
  },
  'DELETE /dev/apps/{app_name}/eval-sets/{eval_set_id}/eval-cases/{eval_case_id}': {
    operationId: 'delete_eval',
    summary: 'Delete an eval case',
    tag: 'evaluation',
    responses: NONE,
  },
  'DELETE /dev/apps/{app_name}/eval_sets/{eval_set_id}/evals/{eval_case_id}': {
    operationId: 'delete_eval_legacy',
    summary: 'Delete an eval case',
    tag: 'evaluation',
    deprecated: true,
    responses: NONE,
  },
  'POST /dev/apps/{app_name}/eval-sets/{eval_set_id}/run': {
    operationId: 'run_eval',
    summary: 'Run eval cases and score them',
    description: 'All cases when none are named; the results are saved. 400 for a missing set.',
    tag: 'evaluation',
    body: body('RunEvalRequest'),
    responses: {
      200: json(`\`{runEvalResults}\`. ${RUN_RESULTS_DESCRIPTION}`, {
        type: 'object',
        properties: { runEvalResults: ANY_OBJECTS },
      }),
    },
  },
  'POST /dev/apps/{app_name}/eval_sets/{eval_set_id}/run_eval': {
    operationId: 'run_eval_legacy',
    summary: 'Run eval cases and score them, answering a list',
    tag: 'evaluation',
    deprecated: true,
    body: body('RunEvalRequest'),
    responses: { 200: json(RUN_RESULTS_DESCRIPTION, ANY_OBJECTS) },
  },
  'GET /dev/apps/{app_name}/eval-results': {
    operationId: 'list_eval_results',
    summary: 'List the eval results of an app',
    tag: 'evaluation',
    responses: {
      200: json('`{evalResultIds}`', { type: 'object', properties: { evalResultIds: STRINGS } }),
    },
  },
  'GET /dev/apps/{app_name}/eval_results': {
    operationId: 'list_eval_results_legacy',
    summary: 'List the eval results of an app, as a list',
    tag: 'evaluation',
    deprecated: true,
    responses: { 200: json('The eval result ids.', STRINGS) },
  },
  'GET /dev/apps/{app_name}/eval-results/{eval_result_id}': {
    operationId: 'get_eval_result',
    summary: 'An eval result',
    tag: 'evaluation',
    responses: { 200: RESULT },
  },
  'GET /dev/apps/{app_name}/eval_results/{eval_result_id}': {
    operationId: 'get_eval_result_legacy',
    summary: 'An eval result',
    tag: 'evaluation',
    deprecated: true,
    responses: { 200: RESULT },
  },
  'GET /dev/apps/{app_name}/metrics-info': {
    operationId: 'list_metrics_info',
    summary: 'The eval metrics the server scores with',
    tag: 'evaluation',
    responses: {
      200: json('`{metricsInfo: [{metricName, description, metricValueInfo: {interval}}]}`', {
        type: 'object',
        properties: { metricsInfo: ANY_OBJECTS },
      }),
    },
  },
};
