/** A2A (agent-to-agent): serving agents through `@a2a-js/sdk`, and the converters both sides share. */
export { A2aAgentExecutor, type A2aAgentExecutorOptions } from './executor/a2a-agent-executor.js';
export { TaskResultAggregator } from './executor/task-result-aggregator.js';
export {
  buildAgentCard,
  replacePronouns,
  type BuildAgentCardOptions,
} from './agent-card-builder.js';
export {
  A2A_VERSION_HEADER,
  createA2aEndpoint,
  type A2aEndpoint,
  type A2aEndpointOptions,
  type A2aRpcResult,
} from './a2a-endpoint.js';
export {
  toLegacyAgentCard,
  LEGACY_CARD_PROTOCOL_VERSION,
  type LegacyAgentCardJson,
} from './legacy-agent-card.js';
export * from './converters/index.js';
