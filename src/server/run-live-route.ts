import { upgradeWebSocket } from '@hono/node-server';
import type { Hono } from 'hono';
import { logger } from '../utils/logger.js';
import { LiveSocketSession } from './live-socket-session.js';
import type { RouteContext } from './route-context.js';

/**
 * `GET /run_live` with a WebSocket upgrade: adk-python's live endpoint
 * (docs/live.md, "/run_live"). The query names the app, user and session and
 * the live run's settings (`readRunLiveQuery`); the client sends
 * `LiveRequest` JSON text frames and receives every event of the run as its
 * wire JSON (`eventToWireJson`), partial events included. The upgrade goes
 * through the server's middleware, so a foreign `Host` or a cross-origin
 * upgrade is refused with 403 before any socket opens (`requestGuard`).
 * Everything after the upgrade ends in a close code (`LIVE_CLOSE_CODES`).
 * Served by `serveApiServer`, whose Node server carries the WebSocket
 * upgrade (`@hono/node-server` with `ws`); a plain `app.fetch` answers the
 * upgrade with 500.
 */
export function registerRunLiveRoute(app: Hono, route: RouteContext): void {
  app.get(
    '/run_live',
    upgradeWebSocket((context) => {
      const session = new LiveSocketSession(route, new URL(context.req.url).searchParams);
      return {
        onOpen: (_event, socket) => {
          session.open(socket).catch((error: unknown) => {
            logger.error('A /run_live session failed to close cleanly.', error);
          });
        },
        onMessage: (event) => session.message(event.data),
        onClose: () => session.closed(),
        onError: () => session.closed(),
      };
    }),
  );
}
