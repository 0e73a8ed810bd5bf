import { LlmAgent } from '../agents/llm-agent.js';

/**
 * The session state an eval case starts from when it is made from a live
 * session (adk-python `create_empty_state`): an empty string for every
 * `{key}` placeholder in the text instructions of the agent tree (sub-agents,
 * workflow graph nodes and the agents they wrap), except the keys of
 * `initializedState`. Each agent is visited once.
 */
export function createEmptyState(
  root: object,
  initializedState: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  collect(root, state, new Set());
  for (const key of Object.keys(initializedState)) delete state[key];
  return state;
}

function collect(node: object, state: Record<string, unknown>, visited: Set<object>): void {
  if (visited.has(node)) return;
  visited.add(node);
  const { subAgents, graph, agent } = node as {
    subAgents?: unknown;
    graph?: { nodes?: unknown };
    agent?: unknown;
  };
  for (const child of Array.isArray(subAgents) ? subAgents : []) {
    if (typeof child === 'object' && child !== null) collect(child as object, state, visited);
  }
  for (const child of Array.isArray(graph?.nodes) ? graph.nodes : []) {
    if (typeof child === 'object' && child !== null) collect(child as object, state, visited);
  }
  // A graph node that runs an agent holds it as `agent`.
  if (typeof agent === 'object' && agent !== null) collect(agent, state, visited);
  if (node instanceof LlmAgent && typeof node.instruction === 'string') {
    for (const match of node.instruction.matchAll(/\{([\p{L}\p{N}_]+)\}/gu)) {
      if (match[1] !== undefined) state[match[1]] = '';
    }
  }
}
