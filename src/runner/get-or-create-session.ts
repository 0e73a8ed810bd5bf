import type { RunConfig } from '../context/run-config.js';
import { SessionNotFoundError } from '../errors/session-not-found-error.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import type { Session } from '../sessions/session.js';

/** What `getOrCreateSession` looks the session up with. */
export interface GetOrCreateSessionRequest {
  sessionService: BaseSessionService;
  appName: string;
  userId: string;
  sessionId: string;
  runConfig: RunConfig;
  /** Create the session when it does not exist (the Runner's `autoCreateSession`). */
  autoCreate: boolean;
}

/**
 * The run's session, loaded with the run's `getSessionConfig`; created when
 * missing and `autoCreate` allows, else `SessionNotFoundError` with a hint
 * about the app name (Python `Runner._get_or_create_session`).
 */
export async function getOrCreateSession(request: GetOrCreateSessionRequest): Promise<Session> {
  const { sessionService, appName, userId, sessionId, runConfig } = request;
  const session = await sessionService.getSession({
    appName,
    userId,
    sessionId,
    ...(runConfig.getSessionConfig ? { config: runConfig.getSessionConfig } : {}),
  });
  if (session) return session;
  if (request.autoCreate) return sessionService.createSession({ appName, userId, sessionId });
  throw new SessionNotFoundError({
    sessionId,
    message:
      `Session not found: ${sessionId}. The runner's app name is "${appName}"; check that ` +
      'the session was created under the same app name and user id.',
  });
}
