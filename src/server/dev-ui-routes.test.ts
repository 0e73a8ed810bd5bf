import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { createApiServer, type ApiServer } from './create-api-server.js';
import {
  defaultDevUiAssetsDirectory,
  registerDevUiRoutes,
  type DevUiOptions,
} from './dev-ui-routes.js';
import { StaticAgentLoader } from './static-agent-loader.js';

const INDEX = '<!doctype html><title>dev ui</title><div id="app"></div>';
const SCRIPT = 'console.log("ui");';
let scratch: string;
let assets: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'dev-ui-routes-'));
  assets = path.join(scratch, 'dev-ui');
  await mkdir(path.join(assets, 'assets'), { recursive: true });
  await writeFile(path.join(assets, 'index.html'), INDEX);
  await writeFile(path.join(assets, 'assets', 'index-BnJwirb2.js'), SCRIPT);
  await writeFile(path.join(assets, 'assets', 'index-BTowSNGP.css'), 'body{}');
  await writeFile(path.join(assets, 'favicon.svg'), '<svg/>');
  await writeFile(path.join(scratch, 'secret.txt'), 'top secret');
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

function server(devUi: DevUiOptions, urlPrefix?: string): ApiServer {
  return createApiServer({
    agentLoader: new StaticAgentLoader({ apps: {} }),
    sessionService: new InMemorySessionService(),
    devUi,
    ...(urlPrefix ? { urlPrefix } : {}),
  });
}

async function get(api: ApiServer, target: string, method = 'GET'): Promise<Response> {
  return api.app.fetch(new Request(`http://127.0.0.1${target}`, { method }));
}

describe('dev UI routes', () => {
  it('redirects / and /dev-ui to /dev-ui/', async () => {
    const api = server({ assetsDirectory: assets });
    for (const target of ['/', '/dev-ui']) {
      const response = await get(api, target);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/dev-ui/');
    }
  });

  it('redirects to the URL prefix when one is set', async () => {
    const response = await get(server({ assetsDirectory: assets }, '/adk'), '/');
    expect(response.headers.get('location')).toBe('/adk/dev-ui/');
  });

  it('serves index.html at /dev-ui/ and for client routes, revalidated', async () => {
    const api = server({ assetsDirectory: assets });
    for (const target of ['/dev-ui/', '/dev-ui/sessions/abc']) {
      const response = await get(api, target);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
    }
  });

  it('serves hashed assets with their content type as immutable', async () => {
    const api = server({ assetsDirectory: assets });
    const script = await get(api, '/dev-ui/assets/index-BnJwirb2.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await script.text()).toBe(SCRIPT);
    const style = await get(api, '/dev-ui/assets/index-BTowSNGP.css');
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const icon = await get(api, '/dev-ui/favicon.svg');
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers HEAD without a body', async () => {
    const response = await get(
      server({ assetsDirectory: assets }),
      '/dev-ui/assets/index-BnJwirb2.js',
      'HEAD',
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('answers 404 for a missing file with an extension', async () => {
    const response = await get(server({ assetsDirectory: assets }), '/dev-ui/assets/missing.js');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Not Found' });
  });

  it('refuses paths that leave the assets directory', async () => {
    const api = server({ assetsDirectory: assets });
    for (const target of [
      '/dev-ui/../secret.txt',
      '/dev-ui/%2e%2e/secret.txt',
      '/dev-ui/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/dev-ui/..%5csecret.txt',
      '/dev-ui/%00index.html',
      '/dev-ui/%E0%A4%A',
    ]) {
      const response = await get(api, target);
      expect(await response.text(), target).not.toContain('top secret');
      expect(response.status, target).not.toBe(500);
    }
    const encoded = await get(api, '/dev-ui/assets/%2e%2e%2f%2e%2e%2fsecret.txt');
    expect(encoded.status).toBe(404);
  });

  it('reports the logo config, null when unset', async () => {
    const unset = await get(server({ assetsDirectory: assets }), '/dev-ui/config');
    expect(await unset.json()).toEqual({ logo_text: null, logo_image_url: null });
    const set = await get(
      server({ assetsDirectory: assets, logoText: 'My ADK', logoImageUrl: '/logo.svg' }),
      '/dev-ui/config',
    );
    expect(await set.json()).toEqual({ logo_text: 'My ADK', logo_image_url: '/logo.svg' });
  });

  it('says to run the build when the UI is not built, as HTML like the built page', async () => {
    const api = server({ assetsDirectory: path.join(scratch, 'nothing-here') });
    const response = await get(api, '/dev-ui/');
    expect(response.status).toBe(503);
    // The same header as the built index.html, so a client cannot tell them apart by it.
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const page = await response.text();
    expect(page).toContain('npm run build');
    expect(page).toContain('need not be restarted');
    expect((await get(api, '/dev-ui/assets/index-BnJwirb2.js')).status).toBe(404);
  });

  it('serves a UI built into the default location after the server started', async () => {
    const pkg = path.join(scratch, 'late-build');
    const moduleUrl = pathToFileURL(path.join(pkg, 'src', 'server', 'dev-ui-routes.ts')).href;
    const app = new Hono();
    registerDevUiRoutes(app, {}, undefined, moduleUrl);
    const before = await app.fetch(new Request('http://127.0.0.1/dev-ui/'));
    expect(before.status).toBe(503);
    // `npm run build` while the server runs: <pkg>/dist/dev-ui appears.
    await mkdir(path.join(pkg, 'dist', 'dev-ui'), { recursive: true });
    await writeFile(path.join(pkg, 'dist', 'dev-ui', 'index.html'), INDEX);
    const after = await app.fetch(new Request('http://127.0.0.1/dev-ui/'));
    expect(after.status).toBe(200);
    expect(await after.text()).toBe(INDEX);
  });

  it('is off unless asked for: the API answers 404 at /dev-ui/', async () => {
    const api = createApiServer({
      agentLoader: new StaticAgentLoader({ apps: {} }),
      sessionService: new InMemorySessionService(),
    });
    expect((await get(api, '/dev-ui/')).status).toBe(404);
    expect((await get(api, '/')).status).toBe(404);
  });

  it('finds the build next to dist/server, else in <repo>/dist/dev-ui', async () => {
    const dist = path.join(scratch, 'pkg', 'dist');
    await mkdir(path.join(dist, 'server'), { recursive: true });
    await mkdir(path.join(dist, 'dev-ui'), { recursive: true });
    await writeFile(path.join(dist, 'dev-ui', 'index.html'), INDEX);
    const fromDist = pathToFileURL(path.join(dist, 'server', 'dev-ui-routes.js')).href;
    expect(defaultDevUiAssetsDirectory(fromDist)).toBe(path.join(dist, 'dev-ui'));
    const fromSource = pathToFileURL(path.join(scratch, 'pkg', 'src', 'server', 'x.ts')).href;
    expect(defaultDevUiAssetsDirectory(fromSource)).toBe(path.join(dist, 'dev-ui'));
  });
});
