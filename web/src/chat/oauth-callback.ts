import { OAUTH_CALLBACK_CHANNEL } from './oauth-popup';

/**
 * When this page is the OAuth2 sign-in pop-up coming back (`?code=` or
 * `?error=` in its address), hands the address to the dev UI that opened
 * it, as the server's callback page does (src/server/oauth-callback-page.ts):
 * `postMessage({authResponseUrl})` to the opener on this origin only, the
 * same on the `adk-oauth-callback` BroadcastChannel, then closes. Returns
 * true when it did (the app is then not rendered). `adk web` answers that
 * address with its own page; this covers a UI served another way (vite's
 * dev server), as adk-web does it in the app.
 */
export function handBackOAuthResponse(): boolean {
  const params = new URLSearchParams(window.location.search);
  if (!params.has('code') && !params.has('error')) return false;
  const message = { authResponseUrl: window.location.href };
  window.opener?.postMessage(message, window.location.origin);
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(OAUTH_CALLBACK_CHANNEL);
    channel.postMessage(message);
    channel.close();
  }
  window.close();
  return true;
}
