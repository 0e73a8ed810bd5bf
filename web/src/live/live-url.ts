/** A response modality `/run_live` takes. */
export type LiveModality = 'AUDIO' | 'TEXT';

/** What a `/run_live` connection is for. */
export interface LiveTarget {
  appName: string;
  userId: string;
  sessionId: string;
  /** The response modalities asked for; default `['AUDIO']` (a voice session). */
  modalities?: readonly LiveModality[];
}

/**
 * The WebSocket URL of `/run_live` on the page's own server, with the
 * reference's query parameters (`app_name`, `user_id`, `session_id`, one
 * `modalities` per modality): `ws:` for an `http:` page, `wss:` for `https:`.
 */
export function liveUrl(page: { protocol: string; host: string }, target: LiveTarget): string {
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = new URLSearchParams({
    app_name: target.appName,
    user_id: target.userId,
    session_id: target.sessionId,
  });
  for (const modality of target.modalities ?? ['AUDIO']) query.append('modalities', modality);
  return `${scheme}//${page.host}/run_live?${query.toString()}`;
}
