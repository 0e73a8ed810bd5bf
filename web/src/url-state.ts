/** What the address bar remembers: `?app=…&session=…&userId=…` (as adk-web). */
export interface UrlState {
  app: string | null;
  session: string | null;
  userId: string | null;
}

/** Reads the app, session and user from the current URL. */
export function readUrlState(): UrlState {
  const params = new URLSearchParams(window.location.search);
  return { app: params.get('app'), session: params.get('session'), userId: params.get('userId') };
}

/** Writes them back without adding a history entry; null values are removed. */
export function writeUrlState(state: UrlState): void {
  const params = new URLSearchParams();
  if (state.app) params.set('app', state.app);
  if (state.session) params.set('session', state.session);
  if (state.userId) params.set('userId', state.userId);
  const query = params.toString();
  const url = `${window.location.pathname}${query ? `?${query}` : ''}`;
  if (url !== `${window.location.pathname}${window.location.search}`) {
    window.history.replaceState(null, '', url);
  }
}
