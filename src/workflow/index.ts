/*
 * The public workflow API (Python 2.x `google.adk.workflow`): the workflow
 * agent, its graph, nodes, edges and routes, the node context and state, human
 * input requests and retry settings. src/index.ts re-exports all of it, so a
 * name added here is a public-API decision (test/packaging/public-surface.test.ts
 * pins the runtime names). What the scheduler and the runner use inside (node
 * building, branch paths, checkpoints, retry policy, error events) stays out;
 * they import their files directly.
 */

// The workflow agent and its graph.
export { Workflow, type WorkflowConfig } from './workflow.js';
export { Graph } from './graph.js';
export { Edge, isEdge, type EdgeInit, type EdgeItem, type EdgeRoute } from './edge.js';
export { DEFAULT_ROUTE, START } from './start.js';
export type { ChainElement, NodeFunction, NodeLike, RoutingMap } from './node-like.js';
export type { WorkflowClock } from './workflow-clock.js';

// Nodes.
export { BaseNode, isBaseNode, type BaseNodeConfig } from './base-node.js';
export { AgentNode, type AgentNodeConfig } from './agent-node.js';
export {
  FunctionNode,
  type FunctionNodeConfig,
  type FunctionNodeHandler,
} from './function-node.js';
export type { StateParams } from './function-node-state-params.js';
export { JoinNode } from './join-node.js';
export { node, type NodeOptions } from './node-builder.js';
export { NodeTool } from './node-tool.js';
export {
  ParallelWorker,
  type ParallelWorkerConfig,
  type ParallelWorkerOptions,
} from './parallel-worker.js';
export { ToolNode, type ToolNodeConfig } from './tool-node.js';
export type { NodeSchema } from './node-schema.js';

// A node's context, state and status while it runs.
export type { NodeContext, RunNodeOptions } from './node-context.js';
export type { NodeState } from './node-state.js';
export { NodeStatus } from './node-status.js';

// Asking the user for input, and retrying a failed node.
export { isRequestInput, RequestInput, type RequestInputParams } from './request-input.js';
export { createRequestInputResponse } from './request-input-event.js';
export type { ErrorClass, RetryConfig } from './retry-config.js';
