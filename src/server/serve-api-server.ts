import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { ApiServerOptions } from './api-server-options.js';
import { WebSocketServer } from 'ws';
import { createApiServer, DEFAULT_BODY_LIMIT, type ApiServer } from './create-api-server.js';

/** Options of `serveApiServer`: the server's, plus where to listen. */
export interface ServeApiServerOptions extends ApiServerOptions {
  /** The address to bind; default `127.0.0.1` (loopback only). */
  host?: string;
  /** The port; default 8000, 0 for any free port. */
  port?: number;
  /** How long `close` waits for runs and open connections before cutting them, in ms (default 5000). */
  shutdownGraceMs?: number;
}

/** A listening API server. */
export interface ApiServerHandle {
  /** The base URL, e.g. `http://127.0.0.1:8000` (without the URL prefix). */
  readonly url: string;
  readonly host: string;
  /** The port actually bound (useful with port 0). */
  readonly port: number;
  /** The API server the handle serves. */
  readonly apiServer: ApiServer;
  /** The underlying Node HTTP server. */
  readonly httpServer: Server;
  /**
   * Shuts down gracefully: stops accepting connections, stops the running
   * agents (SSE streams end, `/run_live` sockets close with 1001), closes idle connections, waits for the rest
   * up to `shutdownGraceMs` and then cuts them, and closes the runners'
   * plugins. Calling it again returns the same promise.
   */
  close(): Promise<void>;
}

/**
 * Serves `createApiServer(options)` on Node's HTTP server (through
 * `@hono/node-server`), bound to `127.0.0.1` unless `host` says otherwise,
 * with the DNS-rebinding guard set for that bind. Resolves once listening;
 * rejects when the address cannot be bound (e.g. `EADDRINUSE`).
 */
export async function serveApiServer(options: ServeApiServerOptions): Promise<ApiServerHandle> {
  const host = options.host ?? '127.0.0.1';
  const graceMs = options.shutdownGraceMs ?? 5000;
  const apiServer = createApiServer({ ...options, bindHost: options.bindHost ?? host });
  // The WebSocket upgrades (`/run_live`) go through the hono app like any request.
  const webSockets = new WebSocketServer({
    noServer: true,
    maxPayload: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
  });
  const httpServer = createAdaptorServer({
    fetch: apiServer.app.fetch,
    websocket: { server: webSockets },
  }) as Server;
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 8000, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const port = (httpServer.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closing: Promise<void> | undefined;
  const shutDown = async (): Promise<void> => {
    const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
    httpServer.closeIdleConnections();
    const cut = setTimeout(() => {
      httpServer.closeAllConnections();
      for (const socket of webSockets.clients) socket.terminate();
    }, graceMs);
    cut.unref();
    await apiServer.close(graceMs);
    httpServer.closeIdleConnections();
    await stopped;
    clearTimeout(cut);
  };
  return {
    url,
    host,
    port,
    apiServer,
    httpServer,
    close: () => (closing ??= shutDown()),
  };
}
