import { BaseAgent } from '../agents/base-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import { LoopAgent } from '../agents/loop-agent.js';
import { ParallelAgent } from '../agents/parallel-agent.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import { AgentNode } from '../workflow/agent-node.js';
import type { BaseNode } from '../workflow/base-node.js';
import type { Graph } from '../workflow/graph.js';
import { START_NODE_NAME } from '../workflow/start.js';
import { Workflow } from '../workflow/workflow.js';
import { WorkflowNode } from '../workflow/workflow-node.js';

/**
 * What one part of an agent card describes: an agent of the tree or a node
 * of a workflow graph, under the name and description the card gives it.
 * An `AgentNode` is described as the agent it runs (adk-python places the
 * agent itself in the graph), under the node's name and description.
 */
export interface CardSubject {
  readonly name: string;
  readonly description: string;
  readonly target: BaseAgent | BaseNode;
}

/** How the card tags a subject (Python `_get_agent_type`). */
export type CardSubjectType =
  | 'llm'
  | 'sequential_workflow'
  | 'parallel_workflow'
  | 'loop_workflow'
  | 'graph_workflow'
  | 'custom_agent';

/** The subject for an agent or a graph node (an `AgentNode` stands for its agent). */
export function cardSubject(value: BaseAgent | BaseNode): CardSubject {
  if (value instanceof AgentNode) {
    return { name: value.name, description: value.description, target: value.agent };
  }
  return { name: value.name, description: value.description, target: value };
}

/** The subject's tag (Python `_get_agent_type`); a graph workflow is `graph_workflow`. */
export function subjectType({ target }: CardSubject): CardSubjectType {
  if (target instanceof LlmAgent) return 'llm';
  if (target instanceof SequentialAgent) return 'sequential_workflow';
  if (target instanceof ParallelAgent) return 'parallel_workflow';
  if (target instanceof LoopAgent) return 'loop_workflow';
  if (graphOf(target)) return 'graph_workflow';
  return 'custom_agent';
}

/**
 * The subject's immediate children (Python `_iter_child_nodes`): a graph
 * workflow's nodes (START left out, in the graph's order), an agent's
 * sub-agents, nothing for any other node.
 */
export function childSubjects({ target }: CardSubject): CardSubject[] {
  const graph = graphOf(target);
  if (graph) {
    return graph.nodes.filter((node) => node.name !== START_NODE_NAME).map(cardSubject);
  }
  if (target instanceof BaseAgent) return target.subAgents.map(cardSubject);
  return [];
}

// Our Workflow is an agent running its graph; adk-python's is the graph node
// itself. Both, and the graph node a nested Workflow becomes, are described
// as one graph workflow.
function graphOf(target: BaseAgent | BaseNode): Graph | undefined {
  if (target instanceof Workflow || target instanceof WorkflowNode) return target.graph;
  return undefined;
}
