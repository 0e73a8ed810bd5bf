import { Hono } from 'hono';
import type { AgentCard } from '@a2a-js/sdk';
import type { BaseAgent } from '../agents/base-agent.js';
import { buildAgentCard } from '../a2a/agent-card-builder.js';
import { createA2aEndpoint, type A2aEndpoint } from '../a2a/a2a-endpoint.js';
import type { A2aPushNotificationOptions } from '../a2a/push/push-notification-options.js';
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js';
import { InMemoryMemoryService } from '../memory/in-memory-memory-service.js';
import { Runner } from '../runner/runner.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { DEFAULT_BODY_LIMIT } from './create-api-server.js';
import { OriginPolicy } from './origin-policy.js';
import { registerA2aRoutes } from './a2a-routes.js';
import { corsForPolicy, requestBodyLimit, requestGuard } from './security-middleware.js';

/** Options of `toA2a`. */
export interface ToA2aOptions {
  /** Host named in the card's URL; default `localhost`. */
  host?: string;
  /** Port named in the card's URL; default 8000. */
  port?: number;
  /** Default `http`. */
  protocol?: string;
  /** A card to serve instead of the one built from the agent tree. */
  agentCard?: AgentCard;
  /** A runner to run requests on; default an in-memory one over `agent`. */
  runner?: Runner;
  /** Origins allowed to call cross-origin (as `api_server --allow_origins`). */
  allowOrigins?: readonly string[];
  /** The host the server is bound to, for the DNS-rebinding guard. */
  bindHost?: string;
  /** Default 10 MiB. */
  bodyLimit?: number;
  /**
   * Push notifications (`createA2aEndpoint`'s option): off by default, as
   * adk-python's `to_a2a` card; `true` or options turn them on, and the
   * card then declares them.
   */
  pushNotifications?: boolean | A2aPushNotificationOptions;
}

/** What `toA2a` returns: a hono app and its endpoint. */
export interface A2aApp {
  /** `app.fetch` serves the card and the JSON-RPC endpoint at `/`. */
  readonly app: Hono;
  readonly endpoint: A2aEndpoint;
}

/**
 * An agent served over A2A (Python `to_a2a`): the card at
 * `/.well-known/agent-card.json` (built from the agent tree with
 * `buildAgentCard`, its URL `<protocol>://<host>:<port>/`) and JSON-RPC at
 * `/`, run on `runner` or on an in-memory Runner (sessions, artifacts and
 * memory in memory, app name the agent's name), behind the server's
 * security defaults (host and origin guard, CORS only for `allowOrigins`,
 * body limit). Push notifications are off unless `pushNotifications` turns
 * them on. Requires the optional `@a2a-js/sdk` at the first request.
 */
export function toA2a(agent: BaseAgent, options: ToA2aOptions = {}): A2aApp {
  const { host = 'localhost', port = 8000, protocol = 'http' } = options;
  const runner =
    options.runner ??
    new Runner({
      agent,
      appName: agent.name,
      sessionService: new InMemorySessionService(),
      artifactService: new InMemoryArtifactService(),
      memoryService: new InMemoryMemoryService(),
    });
  const endpoint = createA2aEndpoint({
    runner,
    agentCard:
      options.agentCard ??
      (() => buildAgentCard(agent, { rpcUrl: `${protocol}://${host}:${port}/` })),
    pushNotifications: options.pushNotifications,
  });
  const policy = new OriginPolicy(options.allowOrigins);
  const app = new Hono();
  app.use('*', requestGuard(policy, options.bindHost));
  if (policy.configured) app.use('*', corsForPolicy(policy));
  app.use('*', requestBodyLimit(options.bodyLimit ?? DEFAULT_BODY_LIMIT));
  registerA2aRoutes(app, '', endpoint);
  return { app, endpoint };
}
