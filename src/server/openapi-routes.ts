import type { Hono } from 'hono';
import { openApiDocsPage } from './openapi-docs-page.js';
import { openApiDocument, type RouteEntry } from './openapi-document.js';
import type { JsonSchema } from './openapi-schemas.js';

/** What `registerOpenApiRoutes` needs to describe the server. */
export interface OpenApiRoutesOptions {
  /** The server's routes, read at the first request (when every route is registered). */
  readonly routes: () => readonly RouteEntry[];
  readonly version: string;
  readonly urlPrefix: string | undefined;
}

/**
 * `GET /openapi.json` → the OpenAPI 3.1 description of this server
 * (`openApiDocument`), and `GET /docs` → a self-contained HTML page of it
 * that works offline (`openApiDocsPage`), as Python's FastAPI server serves
 * both. Both are built once, at their first request.
 */
export function registerOpenApiRoutes(api: Hono, options: OpenApiRoutesOptions): void {
  let document: JsonSchema | undefined;
  let page: string | undefined;
  const current = (): JsonSchema =>
    (document ??= openApiDocument({
      routes: options.routes(),
      version: options.version,
      urlPrefix: options.urlPrefix,
    }));
  api.get('/openapi.json', (context) => context.json(current()));
  api.get('/docs', () => {
    page ??= openApiDocsPage(current());
    return new Response(page, {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      },
    });
  });
}
