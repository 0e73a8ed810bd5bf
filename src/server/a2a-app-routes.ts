import type { Context, Hono } from 'hono';
import { createA2aEndpoint, type A2aEndpoint } from '../a2a/a2a-endpoint.js';
import { buildAgentCard } from '../a2a/agent-card-builder.js';
import { AGENT_CARD_PATH, registerA2aRoutes } from './a2a-routes.js';
import type { RouteContext } from './route-context.js';
import { sessionPath } from './route-context.js';

/** Where `--a2a` serves each app: `/a2a/<app_name>`, as adk-python's `--a2a`. */
export const A2A_APP_BASE = '/a2a/:app_name';

/**
 * `api_server --a2a` / `web --a2a`: every app of the agents directory as an
 * A2A endpoint at `/a2a/<app_name>` with its card at
 * `/a2a/<app_name>/.well-known/agent-card.json`, running on the app's
 * cached runner (the server's session, artifact and memory services). The
 * card is built from the app's agent tree on the first request, its URL the
 * endpoint as that request reached it. Behind the server's guards like
 * every route; an unknown app is a 404, an invalid name a 400.
 */
export function registerA2aAppRoutes(api: Hono, route: RouteContext): void {
  const endpoints = new Map<string, Promise<A2aEndpoint>>();
  const endpointFor = (context: Context): Promise<A2aEndpoint> => {
    const { appName } = sessionPath(context);
    let endpoint = endpoints.get(appName);
    if (!endpoint) {
      const url = new URL(context.req.url);
      const path = url.pathname.endsWith(AGENT_CARD_PATH)
        ? url.pathname.slice(0, -AGENT_CARD_PATH.length)
        : url.pathname.replace(/\/+$/, '');
      endpoint = route.runners.get(appName).then(({ app, runner }) =>
        createA2aEndpoint({
          runner,
          agentCard: () => buildAgentCard(app.rootAgent, { rpcUrl: `${url.origin}${path}` }),
        }),
      );
      endpoints.set(appName, endpoint);
      const pending = endpoint;
      pending.catch(() => {
        if (endpoints.get(appName) === pending) endpoints.delete(appName);
      });
    }
    return endpoint;
  };
  registerA2aRoutes(api, A2A_APP_BASE, endpointFor);
}
