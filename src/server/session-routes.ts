import type { Hono } from 'hono';
import { AlreadyExistsError } from '../errors/already-exists-error.js';
import { SessionNotFoundError } from '../errors/session-not-found-error.js';
import { createEvent } from '../events/event.js';
import type { Event } from '../events/event.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import type { Session } from '../sessions/session.js';
import { newUuid } from '../utils/ids.js';
import { validateImportedEvents } from './imported-events.js';
import { readJsonBody } from './read-request.js';
import { CreateSessionRequest, SessionStateBody, UpdateSessionRequest } from './request-schemas.js';
import { sessionPath, type RouteContext } from './route-context.js';
import { sessionToWireJson } from './wire-json.js';

/** Sessions the evaluator creates; `GET …/sessions` hides them, as Python does. */
const EVAL_SESSION_ID_PREFIX = '___eval___session___';

const USER_SESSIONS = '/apps/:app_name/users/:user_id/sessions';
const ONE_SESSION = `${USER_SESSIONS}/:session_id`;

/**
 * The session routes of adk-python's api_server:
 * - `GET …/sessions/{id}`: the session with its events (404 when missing);
 * - `GET …/sessions`: the user's sessions without events, eval sessions hidden;
 * - `POST …/sessions` with an optional `{sessionId, state, events}`: creates
 *   the session (409 when the id is taken) and appends the imported events in
 *   order, after checking they do not claim to be ADK's own;
 * - `POST …/sessions/{id}` (deprecated) with the state as the body;
 * - `PATCH …/sessions/{id}` with `{stateDelta}`: appends a `user` event
 *   (invocation id `p-<uuid>`) carrying the delta (404 when missing), after
 *   whatever other writers stored meanwhile (`appendEventWithReload`), and
 *   answers the session as stored with it;
 * - `DELETE …/sessions/{id}` → `null`.
 */
export function registerSessionRoutes(app: Hono, { options }: RouteContext): void {
  const sessions = options.sessionService;

  app.get(ONE_SESSION, async (context) => {
    const session = await sessions.getSession(sessionPath(context));
    if (!session) throw new SessionNotFoundError({ sessionId: context.req.param('session_id') });
    return context.json(sessionToWireJson(session));
  });

  app.get(USER_SESSIONS, async (context) => {
    const { appName, userId } = sessionPath(context);
    const { sessions: found } = await sessions.listSessions({ appName, userId });
    return context.json(
      found
        .filter((session) => !session.id.startsWith(EVAL_SESSION_ID_PREFIX))
        .map(sessionToWireJson),
    );
  });

  app.post(USER_SESSIONS, async (context) => {
    const { appName, userId } = sessionPath(context);
    const body = await readJsonBody(context, CreateSessionRequest.optional());
    if (body?.events) validateImportedEvents(body.events);
    const session = await createSession(sessions, {
      appName,
      userId,
      ...(body?.sessionId === undefined ? {} : { sessionId: body.sessionId }),
      ...(body?.state === undefined ? {} : { state: body.state }),
    });
    for (const event of body?.events ?? []) await sessions.appendEvent({ session, event });
    return context.json(sessionToWireJson(session));
  });

  app.post(ONE_SESSION, async (context) => {
    const { appName, userId, sessionId } = sessionPath(context);
    const state = await readJsonBody(context, SessionStateBody);
    const session = await createSession(sessions, {
      appName,
      userId,
      sessionId,
      ...(state === undefined ? {} : { state }),
    });
    return context.json(sessionToWireJson(session));
  });

  app.patch(ONE_SESSION, async (context) => {
    const path = sessionPath(context);
    const { stateDelta } = await readJsonBody(context, UpdateSessionRequest);
    const session = await sessions.getSession(path);
    if (!session) throw new SessionNotFoundError({ sessionId: path.sessionId });
    const event: Event = createEvent({
      invocationId: `p-${newUuid()}`,
      author: 'user',
      actions: { stateDelta },
    });
    // The delta does not depend on what was loaded: other writers in between
    // only move it later in the history (the session is reloaded, not refused).
    await sessions.appendEventWithReload({ session, event });
    return context.json(sessionToWireJson(session));
  });

  app.delete(ONE_SESSION, async (context) => {
    await sessions.deleteSession(sessionPath(context));
    return context.json(null);
  });
}

async function createSession(
  sessions: BaseSessionService,
  request: Parameters<BaseSessionService['createSession']>[0],
): Promise<Session> {
  try {
    return await sessions.createSession(request);
  } catch (error) {
    if (!AlreadyExistsError.isInstance(error)) throw error;
    throw new AlreadyExistsError({
      message: `Session already exists: ${request.sessionId ?? ''}`,
      cause: error,
    });
  }
}
