import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Hono } from 'hono';
import { isPathInside } from '../utils/path-inside.js';
import { isOAuthCallback, oauthCallbackResponse } from './oauth-callback-page.js';

/** How `createApiServer` serves the dev UI (`ApiServerOptions.devUi`). */
export interface DevUiOptions {
  /**
   * The built UI (the directory holding `index.html`). Default: `dev-ui`
   * next to the package's `server` folder, i.e. `dist/dev-ui` when running
   * from dist/, and `<repo>/dist/dev-ui` when running from src/ under tsx;
   * the default is looked up on every request, so a UI built while the
   * server runs is served without a restart.
   */
  assetsDirectory?: string;
  /** The text of the header's logo, reported by `GET /dev-ui/config` (Python `--logo-text`). */
  logoText?: string;
  /** The image URL of the header's logo, reported by `GET /dev-ui/config` (Python `--logo-image-url`). */
  logoImageUrl?: string;
}

const CONTENT_TYPES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.mjs': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.json': 'application/json; charset=utf-8',
    '.map': 'application/json; charset=utf-8',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.gif': 'image/gif',
    '.webp': 'image/webp',
    '.ico': 'image/x-icon',
    '.woff': 'font/woff',
    '.woff2': 'font/woff2',
    '.txt': 'text/plain; charset=utf-8',
  }),
);

/** Vite's hashed output (`assets/index-<hash>.js`): its content never changes under the same name. */
const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ADK dev UI not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; line-height: 1.5">
<h1>The dev UI is not built</h1>
<p>Run <code>npm run build</code> (or <code>npm run build:web</code>) in the ADK package, then reload
this page: the server looks for the build on every request, so it need not be restarted.
The HTTP API is served as usual meanwhile.</p>
</body></html>
`;

/**
 * The built UI's default location, found from this module's own location:
 * `<dist>/dev-ui` when this file runs from `<dist>/server`, else (running
 * from `src/server` under tsx) `<repo>/dist/dev-ui`. Returns the first
 * candidate holding an `index.html`, or the first candidate when none does.
 */
export function defaultDevUiAssetsDirectory(moduleUrl: string = import.meta.url): string {
  const candidates = defaultCandidates(moduleUrl);
  return (
    candidates.find((candidate) => existsSync(path.join(candidate, 'index.html'))) ?? candidates[0]!
  );
}

function defaultCandidates(moduleUrl: string): [string, string] {
  const here = path.dirname(fileURLToPath(moduleUrl));
  return [path.resolve(here, '..', 'dev-ui'), path.resolve(here, '..', '..', 'dist', 'dev-ui')];
}

/** The first candidate directory holding `index.html` as a regular file, with that file. */
async function builtUi(
  candidates: readonly string[],
): Promise<{ root: string; index: string } | undefined> {
  for (const candidate of candidates) {
    const index = await regularFile(candidate, 'index.html');
    if (index) return { root: candidate, index };
  }
  return undefined;
}

/**
 * Registers the dev UI routes (adk-python `adk web`):
 * - `GET /` and `GET /dev-ui` redirect to `<urlPrefix>/dev-ui/`;
 * - `GET /dev-ui/config` → `{logo_text, logo_image_url}` (null when unset);
 * - `GET /dev-ui/?code=…` (or `?error=…`), where an OAuth2 authorization
 *   server sends the dev UI's sign-in popup back (adk-web's `redirect_uri`),
 *   answers the callback page (`oauthCallbackResponse`), built or not;
 * - `GET /dev-ui/<path>` serves the built file, with its content type;
 *   hashed assets are cached as immutable, everything else revalidated;
 *   paths without a file extension that match no file get `index.html`
 *   (client-side routes), missing files with an extension get 404, and
 *   paths escaping the directory are refused (404);
 * - when the UI is not built, `/dev-ui/` pages answer 503 with a short
 *   HTML page (`text/html; charset=utf-8`, as the built one) saying to run
 *   `npm run build`. The build is looked for on every request, so building
 *   while the server runs needs no restart.
 * `moduleUrl` is where the default build is looked for from (see
 * `defaultDevUiAssetsDirectory`); only tests change it.
 */
export function registerDevUiRoutes(
  app: Hono,
  options: DevUiOptions = {},
  urlPrefix: string | undefined = undefined,
  moduleUrl: string = import.meta.url,
): void {
  const candidates = options.assetsDirectory
    ? [path.resolve(options.assetsDirectory)]
    : defaultCandidates(moduleUrl);
  const home = `${urlPrefix ?? ''}/dev-ui/`;

  app.get('/', (context) => context.redirect(home, 302));
  app.get('/dev-ui', (context) => context.redirect(home, 302));
  app.get('/dev-ui/config', (context) =>
    context.json({
      logo_text: options.logoText ?? null,
      logo_image_url: options.logoImageUrl ?? null,
    }),
  );
  app.get('/dev-ui/*', async (context) => {
    const relative = relativeAssetPath(context.req.path);
    if (relative === undefined) return notFound(context);
    if (relative === '' && isOAuthCallback(new URL(context.req.url))) {
      return oauthCallbackResponse(context.req.method);
    }
    // A path with an extension names a file; any other is a client-side route.
    const asset = relative !== '' && path.posix.extname(relative) !== '';
    const built = await builtUi(candidates);
    if (!built) return asset ? notFound(context) : notBuilt(context);
    const file = relative === '' ? undefined : await regularFile(built.root, relative);
    if (file) return serveFile(context, file, relative);
    if (asset) return notFound(context);
    return serveFile(context, built.index, 'index.html');
  });
}

/**
 * The path under /dev-ui/ as a relative POSIX path, '' for the root, or
 * undefined when it is malformed or tries to leave the directory.
 */
function relativeAssetPath(requestPath: string): string | undefined {
  const raw = requestPath.slice('/dev-ui/'.length);
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').filter((part) => part !== '' && part !== '.');
  if (segments.some((part) => part === '..')) return undefined;
  return segments.join('/');
}

async function regularFile(root: string, relative: string): Promise<string | undefined> {
  const file = path.resolve(root, ...relative.split('/'));
  if (!isPathInside(root, file)) return undefined;
  try {
    return (await stat(file)).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

async function serveFile(context: Context, file: string, relative: string): Promise<Response> {
  const body = await readFile(file);
  const type = CONTENT_TYPES.get(path.extname(file).toLowerCase()) ?? 'application/octet-stream';
  const cache = HASHED_ASSET.test(relative) ? 'public, max-age=31536000, immutable' : 'no-cache';
  return new Response(context.req.method === 'HEAD' ? null : body, {
    status: 200,
    headers: {
      'content-type': type,
      'content-length': String(body.byteLength),
      'cache-control': cache,
      'x-content-type-options': 'nosniff',
    },
  });
}

function notBuilt(context: Context): Response {
  const body = context.req.method === 'HEAD' ? null : NOT_BUILT_PAGE;
  return new Response(body, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

function notFound(context: Context): Response {
  return context.json({ detail: 'Not Found' }, 404);
}
