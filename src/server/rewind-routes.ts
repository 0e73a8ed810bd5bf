import type { Hono } from 'hono';
import { SessionNotFoundError } from '../errors/session-not-found-error.js';
import { readJsonBody } from './read-request.js';
import { RewindSessionRequest } from './request-schemas.js';
import { sessionPath, type RouteContext } from './route-context.js';
import { sessionToWireJson } from './wire-json.js';

/**
 * `POST /apps/{app}/users/{user}/sessions/{id}/rewind` with
 * `{rewindBeforeInvocationId}` (or `rewind_before_invocation_id`): rewinds
 * the session with the app's Runner (`Runner.rewindAsync`) and answers the
 * session as stored after it. adk-python has no such route yet; this is the
 * shape its open proposals (PRs #6704, #7178) give it. 422 for a body
 * without the id, 404 for a missing app or session, 400 when no event has
 * the invocation id (`InvocationNotFoundError`), 409 when another writer
 * changed the session meanwhile (`StaleSessionError`; send it again).
 */
export function registerRewindRoutes(app: Hono, { options, runners }: RouteContext): void {
  app.post('/apps/:app_name/users/:user_id/sessions/:session_id/rewind', async (context) => {
    const path = sessionPath(context);
    const { rewindBeforeInvocationId } = await readJsonBody(context, RewindSessionRequest);
    const { runner } = await runners.get(path.appName);
    await runner.rewindAsync({
      userId: path.userId,
      sessionId: path.sessionId,
      rewindBeforeInvocationId,
    });
    const session = await options.sessionService.getSession(path);
    if (!session) throw new SessionNotFoundError({ sessionId: path.sessionId });
    return context.json(sessionToWireJson(session));
  });
}
