import { requestJson, sessionPath, sessionsPath } from './http';
import type { DevUiConfig, WireEvent, WireSession } from './types';

/** `GET /list-apps`: the app names. */
export function listApps(): Promise<string[]> {
  return requestJson<string[]>('/list-apps');
}

/** `GET /dev-ui/config`: the logo settings. */
export function getDevUiConfig(): Promise<DevUiConfig> {
  return requestJson<DevUiConfig>('/dev-ui/config');
}

/** The user's sessions, without events. */
export function listSessions(appName: string, userId: string): Promise<WireSession[]> {
  return requestJson<WireSession[]>(sessionsPath(appName, userId));
}

/** One session with its events. */
export function getSession(
  appName: string,
  userId: string,
  sessionId: string,
): Promise<WireSession> {
  return requestJson<WireSession>(sessionPath(appName, userId, sessionId));
}

/** What a new session starts with: a state, and (for an import) past events. */
export interface NewSession {
  state?: Record<string, unknown>;
  events?: WireEvent[];
}

/** `POST …/sessions`: creates a session (with imported events, appended in order). */
export function createSession(
  appName: string,
  userId: string,
  body: NewSession,
): Promise<WireSession> {
  return requestJson<WireSession>(sessionsPath(appName, userId), {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

/** `DELETE …/sessions/{id}`. */
export async function deleteSession(
  appName: string,
  userId: string,
  sessionId: string,
): Promise<void> {
  await requestJson<null>(sessionPath(appName, userId, sessionId), { method: 'DELETE' });
}

/**
 * `POST …/sessions/{id}/rewind`: rewinds the session to before the
 * invocation (state and artifacts restored, a rewind event appended) and
 * answers the session as stored after it.
 */
export function rewindSession(
  appName: string,
  userId: string,
  sessionId: string,
  rewindBeforeInvocationId: string,
): Promise<WireSession> {
  return requestJson<WireSession>(`${sessionPath(appName, userId, sessionId)}/rewind`, {
    method: 'POST',
    body: JSON.stringify({ rewindBeforeInvocationId }),
  });
}
