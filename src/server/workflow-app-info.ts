import type { BaseAgent } from '../agents/base-agent.js';
import { AgentNode } from '../workflow/agent-node.js';
import type { BaseNode } from '../workflow/base-node.js';
import type { EdgeRoute } from '../workflow/edge.js';
import { FunctionNode } from '../workflow/function-node.js';
import type { Graph } from '../workflow/graph.js';
import { JoinNode } from '../workflow/join-node.js';
import { START_NODE_NAME } from '../workflow/start.js';
import { ToolNode } from '../workflow/tool-node.js';
import { WorkflowNode } from '../workflow/workflow-node.js';
import { Workflow } from '../workflow/workflow.js';
import type { AppInfoJson } from './app-info.js';

/** Serialises an agent as `build_graph` does (app-info.ts's `serializeAgent`). */
export type AgentSerializer = (agent: BaseAgent) => AppInfoJson;

/**
 * A Workflow's own fields as adk-python's `serialize_agent` writes a
 * Workflow (a `BaseNode` there): `name`, `description`, `rerun_on_resume`,
 * `wait_for_output`, `retry_config` and `timeout` when set,
 * `max_concurrency` when set, and `graph` (`graphJson`). Schemas are left
 * out (Python writes their class names) and so are the raw `edges` (the
 * compiled graph says the same).
 */
export function serializeWorkflow(
  workflow: Workflow | WorkflowNode,
  serializeAgent: AgentSerializer,
): AppInfoJson {
  const node = workflow instanceof Workflow ? workflow.node : workflow;
  const out = nodeFields(node);
  if (workflow.maxConcurrency !== undefined) out['max_concurrency'] = workflow.maxConcurrency;
  out['graph'] = graphJson(workflow.graph, serializeAgent);
  return out;
}

/**
 * A compiled graph as Python's `serialize_agent` writes a Workflow's
 * `graph` field: `{nodes: [node…], edges: [{from_node, to_node, route?}]}`,
 * each node as `serializeNode` describes it (START included, first), a
 * route only on routed edges (`DEFAULT_ROUTE` is `"__DEFAULT__"`).
 */
export function graphJson(graph: Graph, serializeAgent: AgentSerializer): AppInfoJson {
  const nodes = graph.nodes.map((node) => serializeNode(node, serializeAgent));
  const edges = graph.edges.map((edge) => {
    const json: AppInfoJson = {
      from_node: serializeNode(edge.fromNode, serializeAgent),
      to_node: serializeNode(edge.toNode, serializeAgent),
    };
    if (edge.route !== null) json['route'] = routeJson(edge.route);
    return json;
  });
  return { nodes, edges };
}

/**
 * One graph node as Python's `serialize_node` writes it: START as
 * `{name: "__START__", type: "start", rerun_on_resume}`; an agent as its
 * agent serialisation with `type: "agent"` (or `"workflow"` for a Workflow);
 * a nested workflow with its `graph` and `type: "workflow"`; any other node
 * with its fields and a `type` of `function`, `tool`, `join` or `node`.
 */
export function serializeNode(node: BaseNode, serializeAgent: AgentSerializer): AppInfoJson {
  if (node.name === START_NODE_NAME) {
    return { name: START_NODE_NAME, type: 'start', rerun_on_resume: node.rerunOnResume };
  }
  if (node instanceof WorkflowNode) {
    return { ...serializeWorkflow(node, serializeAgent), type: 'workflow' };
  }
  if (node instanceof AgentNode) {
    const agent = serializeAgent(node.agent);
    return { ...agent, name: node.name, type: agent['graph'] ? 'workflow' : 'agent' };
  }
  return { ...nodeFields(node), type: nodeType(node) };
}

function nodeType(node: BaseNode): string {
  if (node instanceof FunctionNode) return 'function';
  if (node instanceof ToolNode) return 'tool';
  if (node instanceof JoinNode) return 'join';
  return 'node';
}

/** A BaseNode's fields under Python's names, unset ones left out. */
function nodeFields(node: BaseNode): AppInfoJson {
  const out: AppInfoJson = {
    name: node.name,
    description: node.description,
    rerun_on_resume: node.rerunOnResume,
    wait_for_output: node.waitForOutput,
  };
  const retry = node.preparedRetryConfig;
  if (retry !== undefined) {
    const json: AppInfoJson = {};
    if (retry.maxAttempts !== undefined) json['max_attempts'] = retry.maxAttempts;
    if (retry.initialDelay !== undefined) json['initial_delay'] = retry.initialDelay;
    if (retry.maxDelay !== undefined) json['max_delay'] = retry.maxDelay;
    if (retry.backoffFactor !== undefined) json['backoff_factor'] = retry.backoffFactor;
    if (retry.jitter !== undefined) json['jitter'] = retry.jitter;
    if (retry.exceptions) json['exceptions'] = [...retry.exceptions];
    out['retry_config'] = json;
  }
  if (node.timeout !== undefined) out['timeout'] = node.timeout;
  return out;
}

function routeJson(route: NonNullable<EdgeRoute>): unknown {
  return Array.isArray(route) ? [...(route as readonly unknown[])] : route;
}
