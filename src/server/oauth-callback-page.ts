import { createHash } from 'node:crypto';

/**
 * The BroadcastChannel the OAuth callback page also posts on, for when the
 * authorization server's `Cross-Origin-Opener-Policy` cut the popup off
 * from its opener. The dev UI listens on it (web/src/chat/oauth-popup.ts).
 */
export const OAUTH_CALLBACK_CHANNEL = 'adk-oauth-callback';

// Reads the address client-side, so nothing from the query is ever written
// into the HTML. Both targets are this page's own origin: postMessage names
// it as targetOrigin, and a BroadcastChannel never leaves it.
const SCRIPT = `(function () {
  var message = { authResponseUrl: window.location.href };
  if (window.opener) window.opener.postMessage(message, window.location.origin);
  try {
    var channel = new BroadcastChannel(${JSON.stringify(OAUTH_CALLBACK_CHANNEL)});
    channel.postMessage(message);
    channel.close();
  } catch (error) {}
  window.close();
})();`;

const SCRIPT_HASH = createHash('sha256').update(SCRIPT).digest('base64');

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head>
<body>
<p>Sign-in finished. You can close this window.</p>
<script>${SCRIPT}</script>
</body></html>
`;

/**
 * True when a request for the dev UI's page carries an OAuth2 authorization
 * response (RFC 6749 §4.1.2: `code`, or §4.1.2.1: `error`). adk-web sends
 * `<origin>/dev-ui/` as the `redirect_uri`, so the authorization server
 * comes back to the dev UI's own address with these parameters.
 */
export function isOAuthCallback(url: URL): boolean {
  return url.searchParams.has('code') || url.searchParams.has('error');
}

/**
 * The page the OAuth popup lands on: it hands its full address to the dev UI
 * that opened it (`postMessage({authResponseUrl}, <own origin>)`, as adk-web's
 * popup does, and the same message on the `adk-oauth-callback`
 * BroadcastChannel) and closes itself. It is answered 200,
 * `text/html; charset=utf-8`, never cached, sent without a Referer (the
 * address holds the code), with a CSP that allows only its own inline script
 * and no framing.
 */
export function oauthCallbackResponse(method: string): Response {
  return new Response(method === 'HEAD' ? null : PAGE, {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'content-security-policy': `default-src 'none'; script-src 'sha256-${SCRIPT_HASH}'; frame-ancestors 'none'`,
    },
  });
}
