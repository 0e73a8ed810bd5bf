import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { OriginPolicy } from './origin-policy.js';

/** Methods a browser may send cross-origin without our consent mattering: reads and preflights. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The request guard of ARCHITECTURE §6, before any route runs:
 * - 403 `Forbidden: host not allowed` for a `Host` the loopback-bound
 *   server does not answer as (DNS rebinding), whatever the method;
 * - 403 `Forbidden: origin not allowed` for a non-GET/HEAD/OPTIONS request,
 *   or a WebSocket upgrade (browsers let any page open one), whose `Origin`
 *   is neither listed nor the server's own. Requests without an `Origin`
 *   (curl, server-to-server) pass.
 */
export function requestGuard(
  policy: OriginPolicy,
  bindHost: string | undefined,
): MiddlewareHandler {
  return async (context, next) => {
    if (!policy.allowsHost(context.req.header('host'), bindHost)) {
      return context.json({ detail: 'Forbidden: host not allowed' }, 403);
    }
    const origin = context.req.header('origin');
    if (
      origin !== undefined &&
      (!SAFE_METHODS.has(context.req.method) ||
        isWebSocketUpgrade(context.req.header('upgrade'))) &&
      !policy.allowsOrigin(origin, new URL(context.req.url).origin)
    ) {
      return context.json({ detail: 'Forbidden: origin not allowed' }, 403);
    }
    await next();
    return undefined;
  };
}

/**
 * CORS for the listed origins (only installed when `allowOrigins` is
 * given): the caller's origin is echoed, with credentials, any method, and
 * the requested headers, as Starlette's CORSMiddleware does for
 * `allow_methods=["*"], allow_headers=["*"], allow_credentials=True`.
 */
export function corsForPolicy(policy: OriginPolicy): MiddlewareHandler {
  return cors({
    origin: (origin) => (origin && policy.isListed(origin) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    credentials: true,
  });
}

/** 413 `{"detail": "Request body too large: limit is N bytes"}` for a body over `maxBytes`. */
export function requestBodyLimit(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (context) =>
      context.json({ detail: `Request body too large: limit is ${maxBytes} bytes` }, 413),
  });
}

function isWebSocketUpgrade(upgrade: string | undefined): boolean {
  return upgrade?.toLowerCase() === 'websocket';
}
