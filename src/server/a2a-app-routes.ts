import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { createA2aEndpoint, type A2aEndpoint } from '../a2a/a2a-endpoint.js';
import { buildAgentCard } from '../a2a/agent-card-builder.js';
import { readServedAgentCard } from '../a2a/served-agent-card.js';
import { AGENT_CARD_PATH, registerA2aRoutes } from './a2a-routes.js';
import type { RouteContext } from './route-context.js';
import { sessionPath } from './route-context.js';

/** Where `--a2a` serves each app: `/a2a/<app_name>`, as adk-python's `--a2a`. */
export const A2A_APP_BASE = '/a2a/:app_name';

/** The file of an app's own A2A card in its folder, as adk-python's `--a2a` reads it. */
export const APP_AGENT_CARD_FILE = 'agent.json';

async function isFile(filePath: string): Promise<boolean> {
  try {
    return (await stat(filePath)).isFile();
  } catch {
    // As Python's Path.is_file(): anything that cannot be read as a file is no card.
    return false;
  }
}

/**
 * `api_server --a2a` / `web --a2a`: every app of the agents directory as an
 * A2A endpoint at `/a2a/<app_name>` with its card at
 * `/a2a/<app_name>/.well-known/agent-card.json`, running on the app's
 * cached runner (the server's session, artifact and memory services).
 *
 * The card, read on the first request of each app: the app's own
 * `<agentsDir>/<app_name>/agent.json` when `options.a2a.agentsDir` is given
 * and the file exists (served as written, its URL included, as adk-python
 * serves it; a 0.3 file goes to 0.3 callers as it is and to 1.0 callers
 * translated), otherwise one built from the app's agent tree, its URL the
 * endpoint as that request reached it. A malformed `agent.json` answers 500
 * with the `AgentCardResolutionError` saying what is wrong (the file is read
 * again on the next request). Behind the server's guards like every route;
 * an unknown app is a 404, an invalid name a 400.
 */
export function registerA2aAppRoutes(api: Hono, route: RouteContext): void {
  const { a2a } = route.options;
  const agentsDir = typeof a2a === 'object' ? a2a.agentsDir : undefined;
  const endpoints = new Map<string, Promise<A2aEndpoint>>();
  const createEndpoint = async (context: Context, appName: string): Promise<A2aEndpoint> => {
    const { app, runner } = await route.runners.get(appName);
    const cardFile = agentsDir && path.join(agentsDir, appName, APP_AGENT_CARD_FILE);
    if (cardFile && (await isFile(cardFile))) {
      const served = await readServedAgentCard({
        filePath: cardFile,
        label: `${appName}/${APP_AGENT_CARD_FILE}`,
      });
      return createA2aEndpoint({
        runner,
        agentCard: served.card,
        ...(served.legacyJson ? { legacyAgentCard: served.legacyJson } : {}),
      });
    }
    const url = new URL(context.req.url);
    const base = url.pathname.endsWith(AGENT_CARD_PATH)
      ? url.pathname.slice(0, -AGENT_CARD_PATH.length)
      : url.pathname.replace(/\/+$/, '');
    return createA2aEndpoint({
      runner,
      agentCard: () => buildAgentCard(app.rootAgent, { rpcUrl: `${url.origin}${base}` }),
    });
  };
  const endpointFor = (context: Context): Promise<A2aEndpoint> => {
    const { appName } = sessionPath(context);
    let endpoint = endpoints.get(appName);
    if (!endpoint) {
      endpoint = createEndpoint(context, appName);
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
