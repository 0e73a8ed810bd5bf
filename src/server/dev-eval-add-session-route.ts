import type { Hono } from 'hono';
import { createEmptyState } from '../evaluation/empty-session-state.js';
import { evalCaseFromJson } from '../evaluation/eval-case-json.js';
import { convertEventsToEvalInvocations } from '../evaluation/evaluation-generator.js';
import {
  detailResponse,
  evalAppName,
  evalIdParam,
  evalWrite,
  loadEvalApp,
  type DevEvalContext,
} from './dev-eval-context.js';
import { AddSessionToEvalSetRequest } from './dev-eval-request-schemas.js';
import { readJsonBody } from './read-request.js';

/**
 * `POST /dev/apps/{app}/eval-sets/{id}/add-session` (legacy
 * `…/eval_sets/{id}/add_session`) `{evalId, sessionId, userId}` → `null`:
 * adds the session as an eval case, as adk-python's dev server does. Its
 * events become the case's conversation, one invocation per user turn (the
 * user's content, the tool calls and responses, the intermediate and final
 * responses); its session input is the app, the user and an empty string
 * for every `{key}` placeholder of the agent tree's instructions. A missing
 * session is 404 (Python fails an assertion, a 500); a missing eval set 404;
 * a case id already in the set 400.
 */
export function registerDevEvalAddSessionRoute(api: Hono, evals: DevEvalContext): void {
  for (const route of [
    '/dev/apps/:app_name/eval-sets/:eval_set_id/add-session',
    '/dev/apps/:app_name/eval_sets/:eval_set_id/add_session',
  ]) {
    api.post(route, async (context) => {
      const appName = await evalAppName(context, evals);
      const evalSetId = evalIdParam(context, 'eval_set_id');
      const request = await readJsonBody(context, AddSessionToEvalSetRequest);
      const session = await evals.route.options.sessionService.getSession({
        appName,
        userId: request.userId,
        sessionId: request.sessionId,
      });
      if (!session) return detailResponse(context, 404, 'Session not found.');
      const { rootAgent } = await loadEvalApp(evals, appName);
      const evalCase = evalCaseFromJson({
        evalId: request.evalId,
        conversation: convertEventsToEvalInvocations(session.events),
        sessionInput: { appName, userId: request.userId, state: createEmptyState(rootAgent) },
        creationTimestamp: Date.now() / 1000,
      });
      await evalWrite(() => evals.evalSetsManager.addEvalCase({ appName, evalSetId, evalCase }));
      return context.json(null);
    });
  }
}
