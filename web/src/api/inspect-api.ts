import { requestJson, segment, sessionPath } from './http';
import type { WireArtifactVersion, WirePart } from './types';
import { toAgentCacheReports, type AgentCacheReport } from '../panels/cache-report';
import { toTraceSpans, type TraceSpan } from '../panels/trace-timeline';

/** The path of a session's artifacts: `…/sessions/{sid}/artifacts`. */
function artifactsPath(appName: string, userId: string, sessionId: string): string {
  return `${sessionPath(appName, userId, sessionId)}/artifacts`;
}

/** `GET …/artifacts`: the names of the session's artifacts (and the user's `user:` ones). */
export function listArtifacts(
  appName: string,
  userId: string,
  sessionId: string,
): Promise<string[]> {
  return requestJson<string[]>(artifactsPath(appName, userId, sessionId));
}

/** `GET …/artifacts/{name}/versions/metadata`: every version of one artifact with its metadata. */
export function listArtifactVersions(
  appName: string,
  userId: string,
  sessionId: string,
  name: string,
): Promise<WireArtifactVersion[]> {
  return requestJson<WireArtifactVersion[]>(
    `${artifactsPath(appName, userId, sessionId)}/${segment(name)}/versions/metadata`,
  );
}

/** `GET …/artifacts/{name}/versions`: the version numbers of one artifact. */
export function listArtifactVersionNumbers(
  appName: string,
  userId: string,
  sessionId: string,
  name: string,
): Promise<number[]> {
  return requestJson<number[]>(
    `${artifactsPath(appName, userId, sessionId)}/${segment(name)}/versions`,
  );
}

/** `GET …/artifacts/{name}/versions/{version}`: the content of one version, a genai Part. */
export function loadArtifactVersion(
  appName: string,
  userId: string,
  sessionId: string,
  name: string,
  version: number,
): Promise<WirePart> {
  return requestJson<WirePart>(
    `${artifactsPath(appName, userId, sessionId)}/${segment(name)}/versions/${version}`,
  );
}

/** `GET /dev/apps/{app}/debug/trace/session/{sid}`: the recorded spans of a session, checked. */
export async function loadSessionTrace(appName: string, sessionId: string): Promise<TraceSpan[]> {
  const json = await requestJson<unknown>(
    `/dev/apps/${segment(appName)}/debug/trace/session/${segment(sessionId)}`,
  );
  return toTraceSpans(json);
}

/** `GET /dev/apps/{app}/graph?dark_mode=`: the agent tree of the app as Graphviz DOT. */
export async function loadAgentGraph(appName: string, darkMode: boolean): Promise<string> {
  const json = await requestJson<unknown>(
    `/dev/apps/${segment(appName)}/graph?dark_mode=${darkMode ? 'true' : 'false'}`,
  );
  const dotSrc =
    json && typeof json === 'object' && Object.hasOwn(json, 'dotSrc')
      ? (json as { dotSrc: unknown }).dotSrc
      : undefined;
  return typeof dotSrc === 'string' ? dotSrc : '';
}

/**
 * `GET /dev/apps/{app}/users/{user}/sessions/{sid}/events/{eid}/graph?dark_mode=`:
 * the agent graph as DOT with the event highlighted (and, in a workflow, the
 * nodes its run reached by then); '' when the session has no such event.
 */
export async function loadEventGraph(
  appName: string,
  userId: string,
  sessionId: string,
  eventId: string,
  darkMode: boolean,
): Promise<string> {
  const json = await requestJson<unknown>(
    `/dev${sessionPath(appName, userId, sessionId)}/events/${segment(eventId)}/graph?dark_mode=${darkMode ? 'true' : 'false'}`,
  );
  const dotSrc =
    json && typeof json === 'object' && Object.hasOwn(json, 'dotSrc')
      ? (json as { dotSrc: unknown }).dotSrc
      : undefined;
  return typeof dotSrc === 'string' ? dotSrc : '';
}

/**
 * `GET /dev/apps/{app}/users/{user}/sessions/{sid}/cache_performance`: the
 * context-cache report of each agent of the session that used a cache, checked.
 */
export async function loadCachePerformance(
  appName: string,
  userId: string,
  sessionId: string,
): Promise<AgentCacheReport[]> {
  const json = await requestJson<unknown>(
    `/dev${sessionPath(appName, userId, sessionId)}/cache_performance`,
  );
  return toAgentCacheReports(json);
}
