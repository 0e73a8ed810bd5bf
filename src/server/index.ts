/**
 * The HTTP API server (`<package>/server`): adk-python's `api_server`
 * contract on hono. Kept out of the main entry point so that importing the
 * package does not load a web framework.
 */
export type { AgentLoader, AppInfo } from './agent-loader.js';
export {
  StaticAgentLoader,
  describeApp,
  type StaticAgentLoaderOptions,
} from './static-agent-loader.js';
export type {
  A2aAppsOptions,
  ApiServerOptions,
  BeforeRunHook,
  RunOverrides,
  RunRequestInfo,
} from './api-server-options.js';
export { createApiServer, DEFAULT_BODY_LIMIT, type ApiServer } from './create-api-server.js';
export {
  serveApiServer,
  type ApiServerHandle,
  type ServeApiServerOptions,
} from './serve-api-server.js';
export {
  CreateSessionRequest,
  RunAgentRequest,
  SaveArtifactRequest,
  UpdateMemoryRequest,
  UpdateSessionRequest,
} from './request-schemas.js';
export { statusOfError } from './error-response.js';
export { ContentJson, PartJson } from './genai-schemas.js';
export { MAX_REQUEST_NESTING_DEPTH } from './json-limits.js';
export { eventToWireJson, sessionToWireJson } from './wire-json.js';
export {
  defaultDevUiAssetsDirectory,
  registerDevUiRoutes,
  type DevUiOptions,
} from './dev-ui-routes.js';
export { type DevRoutesOptions } from './dev-routes.js';
export { type DevEvalStores } from './dev-eval-routes.js';
export {
  AddSessionToEvalSetRequest,
  CreateEvalSetRequest,
  RunEvalRequest,
} from './dev-eval-request-schemas.js';
export { agentGraphDot, type HighlightPair } from './agent-graph.js';
