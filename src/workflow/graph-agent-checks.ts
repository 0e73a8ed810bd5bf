import { LlmAgent } from '../agents/llm-agent.js';
import { LoopAgent } from '../agents/loop-agent.js';
import { ParallelAgent } from '../agents/parallel-agent.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import { GraphValidationError } from '../errors/graph-validation-error.js';
import { AgentNode, agentMode } from './agent-node.js';
import { BaseNode } from './base-node.js';
import type { GraphEdge } from './edge.js';
import { START_NODE_NAME } from './start.js';

/**
 * Rejects a chat-mode LlmAgent reached from a node other than START (Python
 * `_validate_chat_agent_wiring`): a chat agent reads the conversation, not
 * a node's output. An agent without a mode is not chat here: as a node it
 * becomes `single_turn`.
 */
export function checkChatAgentWiring(edges: readonly GraphEdge[]): void {
  for (const { fromNode, toNode } of edges) {
    if (!(toNode instanceof AgentNode) || !(toNode.agent instanceof LlmAgent)) continue;
    if (agentMode(toNode.agent) !== 'chat' || fromNode.name === START_NODE_NAME) continue;
    throw new GraphValidationError({
      rule: 'chat-agent-after-node',
      nodeNames: [toNode.name, fromNode.name],
      message:
        `The agent '${toNode.name}' has been added to the workflow with mode='chat' following node '${fromNode.name}'. ` +
        'This is not supported because chat-mode agents rely on conversational history (session events) and cannot consume direct node inputs from preceding nodes. ' +
        "Please change the agent's mode to 'single_turn'",
    });
  }
}

/**
 * Rejects SequentialAgent, ParallelAgent and LoopAgent as nodes, also when
 * wrapped (Python `_validate_no_old_orchestrators`): their orchestration
 * belongs in the graph's edges.
 */
export function checkNoOldOrchestrators(nodes: readonly BaseNode[]): void {
  for (const node of nodes) {
    const target = innermost(node);
    if (
      target instanceof SequentialAgent ||
      target instanceof ParallelAgent ||
      target instanceof LoopAgent
    ) {
      throw new GraphValidationError({
        rule: 'old-orchestrator',
        nodeNames: [node.name],
        message:
          `Graph validation failed. Node '${node.name}' uses deprecated orchestrator '${target.constructor.name}'. ` +
          'Old orchestrators (SequentialAgent, ParallelAgent, LoopAgent) cannot be used inside a Workflow static graph. ' +
          'Please migrate the orchestration logic to Workflow nodes and edges.',
      });
    }
  }
}

/** What a node wraps, followed through wrappers (a worker's node, an agent node's agent). */
function innermost(node: BaseNode): unknown {
  let target: unknown = node;
  const seen = new Set<unknown>();
  while (!seen.has(target)) {
    seen.add(target);
    if (target instanceof AgentNode) return target.agent;
    const inner = (target as { node?: unknown }).node;
    if (!BaseNode.isInstance(inner)) return target;
    target = inner;
  }
  return target;
}
