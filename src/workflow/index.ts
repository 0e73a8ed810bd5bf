export { BaseNode, isBaseNode, type BaseNodeConfig } from './base-node.js';
export { appendNodePath, commonBranchPrefix, createSubBranch } from './branch-path.js';
export {
  Edge,
  isEdge,
  type EdgeInit,
  type EdgeItem,
  type EdgeRoute,
  type GraphEdge,
  type RouteValue,
} from './edge.js';
export {
  FunctionNode,
  type FunctionNodeConfig,
  type FunctionNodeHandler,
} from './function-node.js';
export type { StateParams } from './function-node-state-params.js';
export { Graph } from './graph.js';
export { JoinNode } from './join-node.js';
export { isNodeLike } from './build-node.js';
export { node, type NodeOptions } from './node-builder.js';
export { buildNode, type BuildNodeOptions } from './build-node.js';
export { AgentNode, AGENT_NODE_MODES, type AgentNodeConfig } from './agent-node.js';
export { toUserContent } from './agent-node-io.js';
export {
  ParallelWorker,
  type ParallelWorkerConfig,
  type ParallelWorkerOptions,
} from './parallel-worker.js';
export { ToolNode, type ToolNodeConfig } from './tool-node.js';
export { NodeTool, isNodeTool } from './node-tool.js';
export type { NodeContext, RunNodeOptions } from './node-context.js';
export type {
  ChainElement,
  NodeFunction,
  NodeLike,
  RoutingMap,
  RunnableNode,
} from './node-like.js';
export { isContent, type NodeSchema } from './node-schema.js';
export {
  NodeStateCheckpoint,
  createNodeState,
  nodeStateFromCheckpoint,
  nodeStateToCheckpoint,
  type NodeState,
} from './node-state.js';
export { NodeStatus, isNodeStatus, nodeStatusName } from './node-status.js';
export {
  REQUEST_INPUT_FUNCTION_CALL_NAME,
  createRequestInputEvent,
  createRequestInputResponse,
  getRequestInputInterruptIds,
} from './request-input-event.js';
export { RequestInput, isRequestInput, type RequestInputParams } from './request-input.js';
export {
  RETRY_DEFAULTS,
  prepareRetryConfig,
  type ErrorClass,
  type PreparedRetryConfig,
  type RetryConfig,
} from './retry-config.js';
export { errorClassNames, getRetryDelay, shouldRetryNode } from './retry-policy.js';
export { DEFAULT_ROUTE, START, START_NODE_NAME } from './start.js';
export { createNodeErrorEvent, errorCodeOf } from './node-error-event.js';
