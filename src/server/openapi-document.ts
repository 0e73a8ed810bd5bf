import { OPERATIONS, type OperationSpec, type ResponseSpec } from './openapi-operations.js';
import { componentSchemas, schemaRef, type JsonSchema } from './openapi-schemas.js';

/** A route as hono lists it (`app.routes`). */
export interface RouteEntry {
  readonly method: string;
  readonly path: string;
}

/**
 * The routes the document leaves out, as FastAPI leaves out its own docs
 * routes and its WebSocket routes (`/run_live`).
 */
export const UNDOCUMENTED_PATHS: ReadonlySet<string> = new Set([
  '/openapi.json',
  '/docs',
  '/run_live',
]);

const PATH_PARAMETERS: Readonly<Record<string, string>> = {
  app_name: 'The app: letters, digits and underscores, not starting with a digit.',
  user_id: 'The user.',
  session_id: 'The session.',
  artifact_name: 'The artifact file name; may hold `/`.',
  version_id: 'A version number, or `latest`.',
  event_id: 'The event.',
  eval_set_id: 'The eval set.',
  path: 'The file under /dev-ui/; may hold `/`.',
};

/** A hono path in OpenAPI form: `:name` and `:name{regex}` as `{name}`, a trailing `/*` as `/{path}`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}').replace(/\/\*$/, '/{path}');
}

/** The documented operation of a route (`<METHOD> <OpenAPI path>`), if the table has one. */
export function describedOperation(method: string, path: string): OperationSpec | undefined {
  const key = `${method.toUpperCase()} ${path}`;
  return Object.hasOwn(OPERATIONS, key) ? OPERATIONS[key] : undefined;
}

/**
 * The routes a document lists: hono's routes without middleware (`ALL`),
 * without the copies under `urlPrefix` and without `UNDOCUMENTED_PATHS`, in
 * OpenAPI path form, each method and path once, in registration order.
 */
export function documentedRoutes(
  routes: readonly RouteEntry[],
  urlPrefix: string | undefined,
): RouteEntry[] {
  const seen = new Set<string>();
  const out: RouteEntry[] = [];
  for (const route of routes) {
    if (route.method === 'ALL') continue;
    if (urlPrefix && (route.path === urlPrefix || route.path.startsWith(`${urlPrefix}/`))) continue;
    if (UNDOCUMENTED_PATHS.has(route.path)) continue;
    const entry = { method: route.method.toUpperCase(), path: openApiPath(route.path) };
    const key = `${entry.method} ${entry.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(entry);
  }
  return out;
}

function response({ description, contentType, schema }: ResponseSpec): JsonSchema {
  if (!schema && !contentType) return { description };
  return {
    description,
    content: { [contentType ?? 'application/json']: schema ? { schema } : {} },
  };
}

function operationObject(method: string, path: string): JsonSchema {
  const spec: OperationSpec = describedOperation(method, path) ?? {
    operationId: `${method.toLowerCase()}_${path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    summary: `${method} ${path}`,
    tag: 'other',
    responses: { 200: { description: 'OK' } },
  };
  const pathParameters = [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map(([, name = '']) => ({
    name,
    in: 'path',
    required: true,
    description: Object.hasOwn(PATH_PARAMETERS, name) ? PATH_PARAMETERS[name] : name,
    schema: { type: 'string' },
  }));
  const queryParameters = (spec.query ?? []).map((parameter) => ({
    name: parameter.name,
    in: 'query',
    required: false,
    description: parameter.description,
    schema: parameter.schema,
  }));
  const responses: Record<string, JsonSchema> = {};
  for (const [status, item] of Object.entries(spec.responses)) responses[status] = response(item);
  if (spec.body || queryParameters.length > 0 || pathParameters.length > 0) {
    responses['422'] = response({
      description: 'A body, query or path parameter of the wrong shape.',
      schema: schemaRef('HTTPValidationError'),
    });
  }
  responses['default'] = response({
    description: 'An error (400 bad input, 403 refused origin or host, 404, 409, 413, 500).',
    schema: schemaRef('HTTPError'),
  });
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [spec.tag],
    ...(spec.deprecated ? { deprecated: true } : {}),
    ...(pathParameters.length + queryParameters.length > 0
      ? { parameters: [...pathParameters, ...queryParameters] }
      : {}),
    ...(spec.body
      ? {
          requestBody: {
            required: spec.body.required,
            content: {
              [spec.body.contentType ?? 'application/json']: { schema: spec.body.schema },
            },
          },
        }
      : {}),
    responses,
  };
}

/** What `openApiDocument` describes. */
export interface OpenApiDocumentOptions {
  /** The server's routes (hono's `app.routes`). */
  readonly routes: readonly RouteEntry[];
  /** The version `info.version` reports. */
  readonly version: string;
  /** The server's URL prefix: its copies are not listed twice, and it is the document's server. */
  readonly urlPrefix?: string | undefined;
}

/**
 * The OpenAPI 3.1 description of a server (Python serves FastAPI's at
 * `/openapi.json`): every route it registered (`documentedRoutes`) with its
 * method, path and query parameters, request body and responses, from the
 * `OPERATIONS` table; request bodies are generated from the zod schemas of
 * `request-schemas.ts` (`componentSchemas`), so changes to them flow in.
 */
export function openApiDocument({
  routes,
  version,
  urlPrefix,
}: OpenApiDocumentOptions): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { method, path } of documentedRoutes(routes, urlPrefix)) {
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = operationObject(method, path);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'ADK API server (TypeScript)',
      version,
      description:
        "The HTTP API of adk-python's api_server, served by @adk-ts/adk (docs/api-server.md).",
    },
    ...(urlPrefix ? { servers: [{ url: urlPrefix }] } : {}),
    paths,
    components: { schemas: componentSchemas() },
  };
}
