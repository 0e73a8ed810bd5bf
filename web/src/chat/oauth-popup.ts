import { PopupBlockedError } from './popup-blocked-error';

/** The channel the server's OAuth callback page also posts on (src/server/oauth-callback-page.ts). */
export const OAUTH_CALLBACK_CHANNEL = 'adk-oauth-callback';

function responseUrl(data: unknown): string | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  const url = (data as { authResponseUrl?: unknown }).authResponseUrl;
  return typeof url === 'string' && url !== '' ? url : undefined;
}

function stateOf(url: string): string | null {
  try {
    return new URL(url).searchParams.get('state');
  } catch {
    return null;
  }
}

/**
 * Opens the OAuth2 sign-in window at `url` and resolves with the address
 * the authorization server sent it back to, as the server's callback page
 * reports it: a `postMessage({authResponseUrl})` from this page's own
 * origin (adk-web's protocol), or the same message on the
 * `adk-oauth-callback` BroadcastChannel (which still works when the
 * authorization server's Cross-Origin-Opener-Policy cut the window off from
 * this page). Messages from any other origin are ignored, and so are
 * answers to another sign-in (another tab's pop-up on the same channel):
 * when `url` carries a `state`, the answer must carry the same. Throws
 * `PopupBlockedError` when the window cannot be opened; `signal` abandons
 * the wait (rejecting with its reason). A window the user closes without
 * signing in leaves the wait open until abandoned: a window cut off by COOP
 * looks closed from here too.
 */
export function signInWithPopup(url: string, signal: AbortSignal): Promise<string> {
  const popup = window.open(url, 'adk-oauth-sign-in', 'popup,width=600,height=700');
  if (!popup) {
    return Promise.reject(new PopupBlockedError());
  }
  const expectedState = stateOf(url);
  return new Promise<string>((resolve, reject) => {
    const channel =
      typeof BroadcastChannel === 'function'
        ? new BroadcastChannel(OAUTH_CALLBACK_CHANNEL)
        : undefined;
    const finish = (): void => {
      window.removeEventListener('message', onMessage);
      channel?.close();
      signal.removeEventListener('abort', onAbort);
    };
    const accept = (data: unknown): void => {
      const address = responseUrl(data);
      if (address === undefined) return;
      if (expectedState !== null && stateOf(address) !== expectedState) return;
      finish();
      resolve(address);
    };
    const onMessage = (event: MessageEvent): void => {
      if (event.origin !== window.location.origin) return;
      accept(event.data);
    };
    const onAbort = (): void => {
      finish();
      reject(signal.reason);
    };
    window.addEventListener('message', onMessage);
    if (channel) channel.onmessage = (event: MessageEvent) => accept(event.data);
    signal.addEventListener('abort', onAbort);
    if (signal.aborted) onAbort();
  });
}
