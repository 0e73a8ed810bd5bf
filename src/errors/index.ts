// Every error ADK throws, each with its `isInstance` check; the main entry re-exports this list.
export { A2aRequestError } from './a2a-request-error.js';
export { AdkError, type AdkErrorOptions } from './adk-error.js';
export { AgentCardResolutionError } from './agent-card-resolution-error.js';
export { AgentLoadError } from './agent-load-error.js';
export { AgentNotFoundError } from './agent-not-found-error.js';
export { AlreadyExistsError } from './already-exists-error.js';
export { AppNotFoundError } from './app-not-found-error.js';
export { ArtifactNotFoundError } from './artifact-not-found-error.js';
export { CodeExecutorUnavailableError } from './code-executor-unavailable-error.js';
export { ConfigFileNotFoundError } from './config-file-not-found-error.js';
export { ConfigReferenceNotFoundError } from './config-reference-not-found-error.js';
export { ContextVariableNotFoundError } from './context-variable-not-found-error.js';
export { DatabaseError } from './database-error.js';
export { EvalFailedError } from './eval-failed-error.js';
export { DynamicNodeFailError } from './dynamic-node-fail-error.js';
export { EvalNotFoundError, type EvalNotFoundKind } from './eval-not-found-error.js';
export { GraphValidationError } from './graph-validation-error.js';
export { InputValidationError } from './input-validation-error.js';
export { InvalidAgentConfigError } from './invalid-agent-config-error.js';
export { InvalidAppNameError } from './invalid-app-name-error.js';
export { InvalidArgumentError } from './invalid-argument-error.js';
export { InvalidAuthResponseError } from './invalid-auth-response-error.js';
export { AuthProviderError } from './auth-provider-error.js';
export { CredentialExchangeError } from './credential-exchange-error.js';
export { CredentialRefreshError } from './credential-refresh-error.js';
export type { TokenEndpointError, TokenEndpointErrorOptions } from './token-endpoint-error.js';
export { InvalidContextCacheConfigError } from './invalid-context-cache-config-error.js';
export { InvalidRunConfigError } from './invalid-run-config-error.js';
export { InvalidArtifactIdError, type ArtifactIdArgument } from './invalid-artifact-id-error.js';
export { InvalidArtifactNameError } from './invalid-artifact-name-error.js';
export { InvocationNotFoundError } from './invocation-not-found-error.js';
export { InvocationNotResumableError } from './invocation-not-resumable-error.js';
export { JudgeNoResponseError } from './judge-no-response-error.js';
export { LlmCallsLimitExceededError } from './llm-calls-limit-exceeded-error.js';
export { McpConnectionError } from './mcp-connection-error.js';
export { MissingApiKeyError } from './missing-api-key-error.js';
export { MissingBaseUrlError } from './missing-base-url-error.js';
export { MissingDependencyError } from './missing-dependency-error.js';
export { ModelApiError, type ModelApiErrorOptions } from './model-api-error.js';
export {
  LiveConnectionClosedError,
  type LiveConnectionClosedErrorOptions,
} from './live-connection-closed-error.js';
export {
  LiveReconnectionFailedError,
  type LiveReconnectionFailedErrorOptions,
} from './live-reconnection-failed-error.js';
export { MetricNotFoundError } from './metric-not-found-error.js';
export { ModelNotFoundError } from './model-not-found-error.js';
export { NestingTooDeepError } from './nesting-too-deep-error.js';
export { NodeInterruptedError } from './node-interrupted-error.js';
export { NodeSchemaValidationError } from './node-schema-validation-error.js';
export { NodeTimeoutError } from './node-timeout-error.js';
export { NotSupportedError } from './not-supported-error.js';
export { PluginCallbackError } from './plugin-callback-error.js';
export { PluginCloseError } from './plugin-close-error.js';
export { ReplayVerificationError } from './replay-verification-error.js';
export { RequestValidationError, type RequestValidationIssue } from './request-validation-error.js';
export { ScriptedResponsesExhaustedError } from './scripted-responses-exhausted-error.js';
export { ServerRequestError } from './server-request-error.js';
export { ServiceNotConfiguredError } from './service-not-configured-error.js';
export { StateSchemaError } from './state-schema-error.js';
export { SessionNotFoundError } from './session-not-found-error.js';
export { StaleSessionError } from './stale-session-error.js';
export { ToolExecutionError } from './tool-execution-error.js';
export { ToolFailureError } from './tool-failure-error.js';
export { ToolNotFoundError } from './tool-not-found-error.js';
export { UnmatchedFunctionResponseError } from './unmatched-function-response-error.js';
export { UnsupportedDatabaseSchemaError } from './unsupported-database-schema-error.js';
export { UnsupportedMetricError } from './unsupported-metric-error.js';
export { UnsupportedModelError } from './unsupported-model-error.js';
export { UnsupportedServiceUriError } from './unsupported-service-uri-error.js';
export { UserSimulatorError } from './user-simulator-error.js';
export { WorkflowConfigurationError } from './workflow-configuration-error.js';
export { WorkflowDataError } from './workflow-data-error.js';
