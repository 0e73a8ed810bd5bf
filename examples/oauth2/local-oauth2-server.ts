import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A stand-in for a real identity provider and API, on 127.0.0.1, so the
 * example runs offline: `/authorize` signs the user in at once, `/token`
 * serves the authorization_code and refresh_token grants for one client
 * (client_secret_basic), and `/orders` is the protected API. Access tokens
 * live 30 seconds, inside the minute of leeway, so a stored token is
 * refreshed on its next use. Not a real authorization server: no PKCE check,
 * no consent, no persistence.
 */

export const CLIENT_ID = 'demo-client';
export const CLIENT_SECRET = 'demo-secret';

export async function startLocalOAuth2Server() {
  const codes = new Set<string>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const grants: Record<string, number> = {};
  const token = (prefix: string) => `${prefix}-${randomBytes(9).toString('base64url')}`;

  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (url.pathname === '/authorize') {
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        const code = token('code');
        codes.add(code);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        response.writeHead(302, { location: back.href }).end();
      } else if (url.pathname === '/token') {
        // client_secret_basic: id and secret are form-urlencoded before base64 (RFC 6749 §2.3.1).
        const basic = request.headers.authorization?.replace(/^Basic /, '') ?? '';
        const [id, secret] = Buffer.from(basic, 'base64')
          .toString()
          .split(':')
          .map(decodeURIComponent);
        if (id !== CLIENT_ID || secret !== CLIENT_SECRET)
          return json(401, { error: 'invalid_client' });
        const form = new URLSearchParams(body);
        const grant = form.get('grant_type') ?? '';
        const presented = form.get(grant === 'refresh_token' ? 'refresh_token' : 'code') ?? '';
        const known = grant === 'refresh_token' ? refreshTokens : codes;
        if (!known.has(presented)) return json(400, { error: 'invalid_grant' });
        if (grant === 'authorization_code') codes.delete(presented);
        grants[grant] = (grants[grant] ?? 0) + 1;
        const accessToken = token('at');
        const refreshToken = token('rt');
        accessTokens.add(accessToken);
        refreshTokens.add(refreshToken);
        json(200, {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: 30,
          refresh_token: refreshToken,
        });
      } else if (url.pathname === '/orders') {
        const presented = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
        if (!accessTokens.has(presented)) return json(401, { message: 'invalid token' });
        json(200, [{ id: 7, item: 'dog food', status: 'shipped' }]);
      } else json(404, { message: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    grants,
    /** Makes every access token issued so far invalid, as if time had passed. */
    expireAccessTokens: () => accessTokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
