import type { Hono } from 'hono';
import { EvalNotFoundError } from '../errors/eval-not-found-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { redactCredentials } from '../auth/redact-credentials.js';
import { evalCaseFromJson, evalCaseToCamelCaseJson } from '../evaluation/eval-case-json.js';
import { evalSetToCamelCaseJson } from '../evaluation/eval-set.js';
import {
  detailResponse,
  evalAppName,
  evalIdParam,
  evalWrite,
  type DevEvalContext,
} from './dev-eval-context.js';
import { CreateEvalSetRequest, readEvalBody } from './dev-eval-request-schemas.js';
import { readIdParam, readJsonBody } from './read-request.js';

/**
 * The eval set and eval case routes of adk-python's dev server, in their new
 * and legacy forms (`/dev/apps/{app}/…`):
 * - `POST eval-sets` `{evalSet: {eval_set_id}}` → the new EvalSet (400 for an
 *   invalid or taken id); legacy `POST eval_sets/{id}` → `null`;
 * - `GET eval-sets` → `{evalSetIds}`; legacy `GET eval_sets` → `string[]`;
 * - `GET eval-sets/{id}` → the EvalSet (404 when missing), `DELETE
 *   eval-sets/{id}` → `null` (adk-web calls both; the reference lacks them);
 * - `GET eval_sets/{id}/evals` → the set's case ids, sorted (400 when the set
 *   is missing, as the reference answers);
 * - `GET|PUT|DELETE eval-sets/{id}/eval-cases/{case}` (legacy
 *   `eval_sets/{id}/evals/{case}`): one case, with credentials redacted;
 *   replace it (400 when the body's id differs from the route's); delete it;
 *   404 for a missing set or case.
 * Every route answers 404 for an app the server does not serve.
 */
export function registerDevEvalSetRoutes(api: Hono, evals: DevEvalContext): void {
  const { evalSetsManager } = evals;

  const createEvalSet = (appName: string, evalSetId: string) =>
    evalWrite(() => evalSetsManager.createEvalSet({ appName, evalSetId }));
  api.post('/dev/apps/:app_name/eval-sets', async (context) => {
    const appName = await evalAppName(context, evals);
    const request = await readJsonBody(context, CreateEvalSetRequest);
    const created = await createEvalSet(appName, request.evalSet.eval_set_id);
    return context.json(evalSetToCamelCaseJson(created));
  });
  api.post('/dev/apps/:app_name/eval_sets/:eval_set_id', async (context) => {
    const appName = await evalAppName(context, evals);
    await createEvalSet(appName, evalIdParam(context, 'eval_set_id'));
    return context.json(null);
  });

  // An app folder without eval sets lists none (Python logs the NotFoundError).
  const listEvalSets = async (appName: string): Promise<string[]> => {
    try {
      return await evalSetsManager.listEvalSets({ appName });
    } catch (error) {
      if (EvalNotFoundError.isInstance(error)) return [];
      throw error;
    }
  };
  api.get('/dev/apps/:app_name/eval-sets', async (context) =>
    context.json({ evalSetIds: await listEvalSets(await evalAppName(context, evals)) }),
  );
  api.get('/dev/apps/:app_name/eval_sets', async (context) =>
    context.json(await listEvalSets(await evalAppName(context, evals))),
  );

  api.get('/dev/apps/:app_name/eval-sets/:eval_set_id', async (context) => {
    const appName = await evalAppName(context, evals);
    const evalSetId = evalIdParam(context, 'eval_set_id');
    const evalSet = await evalSetsManager.getEvalSet({ appName, evalSetId });
    if (!evalSet) return detailResponse(context, 404, `Eval set \`${evalSetId}\` not found.`);
    return context.json(redactCredentials(evalSetToCamelCaseJson(evalSet)));
  });
  api.delete('/dev/apps/:app_name/eval-sets/:eval_set_id', async (context) => {
    const appName = await evalAppName(context, evals);
    await evalSetsManager.deleteEvalSet({
      appName,
      evalSetId: evalIdParam(context, 'eval_set_id'),
    });
    return context.json(null);
  });

  api.get('/dev/apps/:app_name/eval_sets/:eval_set_id/evals', async (context) => {
    const appName = await evalAppName(context, evals);
    const evalSetId = evalIdParam(context, 'eval_set_id');
    const evalSet = await evalSetsManager.getEvalSet({ appName, evalSetId });
    if (!evalSet) return detailResponse(context, 400, `Eval set \`${evalSetId}\` not found.`);
    return context.json(evalSet.evalCases.map((evalCase) => evalCase.evalId).sort());
  });

  for (const route of [
    '/dev/apps/:app_name/eval-sets/:eval_set_id/eval-cases/:eval_case_id',
    '/dev/apps/:app_name/eval_sets/:eval_set_id/evals/:eval_case_id',
  ]) {
    api.get(route, async (context) => {
      const appName = await evalAppName(context, evals);
      const evalSetId = evalIdParam(context, 'eval_set_id');
      const evalCaseId = readIdParam(context, 'eval_case_id');
      const evalCase = await evalSetsManager.getEvalCase({ appName, evalSetId, evalCaseId });
      if (!evalCase) {
        return detailResponse(
          context,
          404,
          `Eval set \`${evalSetId}\` or Eval \`${evalCaseId}\` not found.`,
        );
      }
      return context.json(redactCredentials(evalCaseToCamelCaseJson(evalCase)));
    });
    api.put(route, async (context) => {
      const appName = await evalAppName(context, evals);
      const evalSetId = evalIdParam(context, 'eval_set_id');
      const evalCaseId = readIdParam(context, 'eval_case_id');
      const body = await readEvalBody(context, evalCaseFromJson);
      if (body.evalId && body.evalId !== evalCaseId) {
        throw new InvalidArgumentError({
          message: 'Eval id in EvalCase should match the eval id in the API route.',
          argument: 'eval_id',
        });
      }
      await evalSetsManager.updateEvalCase({
        appName,
        evalSetId,
        evalCase: { ...body, evalId: evalCaseId },
      });
      return context.json(null);
    });
    api.delete(route, async (context) => {
      const appName = await evalAppName(context, evals);
      const evalSetId = evalIdParam(context, 'eval_set_id');
      const evalCaseId = readIdParam(context, 'eval_case_id');
      await evalSetsManager.deleteEvalCase({ appName, evalSetId, evalCaseId });
      return context.json(null);
    });
  }
}
