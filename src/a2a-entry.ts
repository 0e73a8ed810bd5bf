/**
 * A2A (agent-to-agent), published as `<package>/a2a`: calling remote agents
 * (`RemoteA2aAgent`), serving agents (`toA2a`, `A2aAgentExecutor`, the agent
 * card builder, the JSON-RPC endpoint) and the converters both sides share.
 * Its types name `@a2a-js/sdk`'s, so this entry point needs that optional
 * peer installed; the main entry and `./server` do not (`adk api_server
 * --a2a` loads it on first use).
 */
export * from './a2a/index.js';
export {
  RemoteA2aAgent,
  type A2aHeaders,
  type RemoteA2aAgentConfig,
} from './a2a/remote-a2a-agent.js';
export { toA2a, type A2aApp, type ToA2aOptions } from './server/to-a2a.js';
export { registerA2aRoutes, AGENT_CARD_PATH } from './server/a2a-routes.js';
