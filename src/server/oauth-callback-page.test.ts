import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { createApiServer, type ApiServer } from './create-api-server.js';
import type { DevUiOptions } from './dev-ui-routes.js';
import { OAUTH_CALLBACK_CHANNEL } from './oauth-callback-page.js';
import { StaticAgentLoader } from './static-agent-loader.js';

// The page an OAuth2 authorization server sends the dev UI's sign-in popup
// back to: `<origin>/dev-ui/?code=…&state=…`, adk-web's redirect_uri.

let assets: string;

beforeAll(async () => {
  assets = await mkdtemp(path.join(tmpdir(), 'oauth-callback-'));
  await writeFile(path.join(assets, 'index.html'), '<!doctype html><div id="app"></div>');
});

afterAll(async () => {
  await rm(assets, { recursive: true, force: true });
});

function server(devUi: DevUiOptions | undefined, urlPrefix?: string): ApiServer {
  return createApiServer({
    agentLoader: new StaticAgentLoader({ apps: {} }),
    sessionService: new InMemorySessionService(),
    ...(devUi ? { devUi } : {}),
    ...(urlPrefix ? { urlPrefix } : {}),
  });
}

function get(api: ApiServer, target: string, method = 'GET'): Promise<Response> {
  return Promise.resolve(api.app.fetch(new Request(`http://127.0.0.1:8000${target}`, { method })));
}

function inlineScript(html: string): string {
  const match = /<script>([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('The callback page has no inline script.');
  return match[1]!;
}

/** Runs the page's script against a window at `href` whose opener records what it is sent. */
function runCallbackScript(script: string, href: string, withOpener = true) {
  const posted: { message: unknown; targetOrigin: string }[] = [];
  const broadcast: { channel: string; message: unknown }[] = [];
  let closed = false;
  const window = {
    location: { href, origin: new URL(href).origin },
    opener: withOpener
      ? {
          postMessage: (message: unknown, targetOrigin: string) =>
            posted.push({ message, targetOrigin }),
        }
      : null,
    close: () => {
      closed = true;
    },
  };
  class BroadcastChannel {
    constructor(private readonly name: string) {}
    postMessage(message: unknown): void {
      broadcast.push({ channel: this.name, message });
    }
    close(): void {}
  }
  runInNewContext(script, { window, BroadcastChannel });
  return { posted, broadcast, closed };
}

describe('the OAuth callback page at /dev-ui/?code=…', () => {
  const callback = '/dev-ui/?state=s-1&code=c-1&scope=read';

  it('answers 200 HTML, never cached, without a Referer, with a CSP for its own script only', async () => {
    const response = await get(server({ assetsDirectory: assets }), callback);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await response.text();
    const hash = createHash('sha256').update(inlineScript(html)).digest('base64');
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none'; script-src 'sha256-${hash}'; frame-ancestors 'none'`,
    );
    expect(html).not.toContain('id="app"');
  });

  it('posts the full address to its opener on its own origin only, broadcasts it, and closes', async () => {
    const html = await (await get(server({ assetsDirectory: assets }), callback)).text();
    const href = `http://127.0.0.1:8000${callback}`;
    const run = runCallbackScript(inlineScript(html), href);
    expect(run.posted).toEqual([
      { message: { authResponseUrl: href }, targetOrigin: 'http://127.0.0.1:8000' },
    ]);
    expect(run.broadcast).toEqual([
      { channel: OAUTH_CALLBACK_CHANNEL, message: { authResponseUrl: href } },
    ]);
    expect(run.closed).toBe(true);
  });

  it('still broadcasts and closes when the opener is gone', async () => {
    const html = await (await get(server({ assetsDirectory: assets }), callback)).text();
    const run = runCallbackScript(inlineScript(html), `http://localhost:8000${callback}`, false);
    expect(run.posted).toEqual([]);
    expect(run.broadcast).toHaveLength(1);
    expect(run.closed).toBe(true);
  });

  it('writes nothing from the address into the page', async () => {
    const hostile = '/dev-ui/?code=%3Cscript%3Ealert(1)%3C%2Fscript%3E&state=%22%3E%3Cimg%3E';
    const html = await (await get(server({ assetsDirectory: assets }), hostile)).text();
    const safe = await (await get(server({ assetsDirectory: assets }), callback)).text();
    expect(html).toBe(safe);
  });

  it('answers an authorization error the same way, so the UI can report it', async () => {
    const response = await get(
      server({ assetsDirectory: assets }),
      '/dev-ui/?error=access_denied&state=s-1',
    );
    expect(response.status).toBe(200);
    expect(inlineScript(await response.text())).toContain('authResponseUrl');
  });

  it('is served before the UI is built, and under a URL prefix', async () => {
    const unbuilt = await mkdtemp(path.join(tmpdir(), 'oauth-callback-unbuilt-'));
    try {
      const response = await get(server({ assetsDirectory: unbuilt }), callback);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('authResponseUrl');
    } finally {
      await rm(unbuilt, { recursive: true, force: true });
    }
    // A URL prefix is for a proxy that strips it: the page stays at /dev-ui/.
    const prefixed = await get(server({ assetsDirectory: assets }, '/adk'), callback);
    expect(prefixed.status).toBe(200);
    expect(await prefixed.text()).toContain('authResponseUrl');
  });

  it('answers HEAD without a body', async () => {
    const response = await get(server({ assetsDirectory: assets }), callback, 'HEAD');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('leaves the UI page alone: /dev-ui/ with other parameters and other paths with a code', async () => {
    const api = server({ assetsDirectory: assets });
    const page = await get(api, '/dev-ui/?app=weather&session=s');
    expect(await page.text()).toContain('id="app"');
    const route = await get(api, '/dev-ui/sessions?code=c-1');
    expect(await route.text()).toContain('id="app"');
  });

  it('is off with the dev UI: the plain API server answers 404', async () => {
    const response = await get(server(undefined), callback);
    expect(response.status).toBe(404);
  });
});
