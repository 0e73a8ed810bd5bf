import { ApiError, errorDetail } from './api-error';

export { ApiError } from './api-error';

/**
 * Fetches `path` (relative, same origin) and parses the JSON answer as `T`
 * (unchecked: the server is ours). A JSON body is sent when `init.body` is
 * a string, with `content-type: application/json` added unless set. Throws
 * `ApiError` for a non-2xx status; network failures and aborts reject as
 * `fetch` does.
 */
export async function requestJson<T>(path: string, init?: RequestInit): Promise<T> {
  const headers = new Headers(init?.headers);
  if (typeof init?.body === 'string' && !headers.has('content-type')) {
    headers.set('content-type', 'application/json');
  }
  const response = await fetch(path, { ...init, headers });
  if (!response.ok) throw new ApiError(response.status, await errorDetail(response));
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Percent-encodes one path segment (app, user, session or artifact name). */
export function segment(value: string): string {
  return encodeURIComponent(value);
}

/** The path of a user's sessions: `/apps/{app}/users/{user}/sessions`. */
export function sessionsPath(appName: string, userId: string): string {
  return `/apps/${segment(appName)}/users/${segment(userId)}/sessions`;
}

/** The path of one session. */
export function sessionPath(appName: string, userId: string, sessionId: string): string {
  return `${sessionsPath(appName, userId)}/${segment(sessionId)}`;
}
