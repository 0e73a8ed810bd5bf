/** A2A (agent-to-agent): serving agents through `@a2a-js/sdk`, and the converters both sides share. */
export { A2aAgentExecutor, type A2aAgentExecutorOptions } from './executor/a2a-agent-executor.js';
export type {
  A2aAgentExecutorConfig,
  A2aEventConverter,
} from './executor/a2a-agent-executor-config.js';
export type { A2aExecuteInterceptor, A2aExecutorContext } from './executor/execute-interceptor.js';
export { TaskResultAggregator } from './executor/task-result-aggregator.js';
export { buildAgentCard, type BuildAgentCardOptions } from './agent-card-builder.js';
export {
  A2A_VERSION_HEADER,
  createA2aEndpoint,
  type A2aEndpoint,
  type A2aEndpointOptions,
  type A2aRpcResult,
} from './a2a-endpoint.js';
export {
  DEFAULT_PUSH_NOTIFICATION_TIMEOUT_MS,
  type A2aPushNotificationOptions,
} from './push/push-notification-options.js';
export { PUSH_NOTIFICATION_TOKEN_HEADER } from './push/guarded-push-notification-sender.js';
export {
  isPublicAddress,
  isPublicHttpsUrl,
  type WebhookUrlPolicy,
} from './push/webhook-url-policy.js';
export {
  toLegacyAgentCard,
  LEGACY_CARD_PROTOCOL_VERSION,
  type LegacyAgentCardJson,
} from './legacy-agent-card.js';
export * from './converters/index.js';
