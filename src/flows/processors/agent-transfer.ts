import type { AgentContract } from '../../context/agent-contract.js';
import { appendInstructions, appendTools } from '../../models/llm-request.js';
import {
  TRANSFER_TO_AGENT_FUNCTION_NAME,
  TransferToAgentTool,
} from '../../tools/transfer-to-agent-tool.js';
import { isDelegatedMode } from '../agent-mode.js';
import { isLlmAgent, type LlmAgentContract } from '../llm-agent-contract.js';
import type { LlmRequestProcessor } from '../llm-processor.js';

/**
 * The agents an LLM agent may transfer to (spec 000 §8.3): its sub-agents,
 * then, when its parent is an LLM agent, the parent (unless
 * `disallowTransferToParent`) and the parent's other sub-agents (unless
 * `disallowTransferToPeers`). Sub-agents and peers in `task` or
 * `single_turn` mode are left out (ADK 2.x): they are reached through tools.
 */
export function getTransferTargets(agent: LlmAgentContract): AgentContract[] {
  // Task and single-turn agents are reached through tools, never by transfer.
  const targets: AgentContract[] = agent.subAgents.filter((sub) => !isDelegatedMode(sub));
  const parent = agent.parentAgent;
  if (!parent || !isLlmAgent(parent)) return targets;
  if (!agent.disallowTransferToParent) targets.push(parent);
  if (!agent.disallowTransferToPeers) {
    targets.push(
      ...parent.subAgents.filter((peer) => peer.name !== agent.name && !isDelegatedMode(peer)),
    );
  }
  return targets;
}

/**
 * The transfer instructions, byte-identical to Python's (as the conformance
 * recordings show): each target's name and description, the rules, a NOTE
 * listing the valid names sorted, and, when the agent may go back up, the
 * sentence naming its parent.
 */
export function buildTransferInstructions(
  agent: LlmAgentContract,
  targets: readonly AgentContract[],
): string {
  const names = targets
    .map((target) => target.name)
    .sort(comparePython)
    .map((name) => `\`${name}\``)
    .join(', ');
  const infos = targets
    .map((target) => `\nAgent name: ${target.name}\nAgent description: ${target.description}\n`)
    .join('\n');
  let instruction =
    '\nYou have a list of other agents to transfer to:\n\n' +
    `${infos}\n\n` +
    'If you are the best to answer the question according to your description,\n' +
    'you can answer it.\n\n' +
    'If another agent is better for answering the question according to its\n' +
    `description, call \`${TRANSFER_TO_AGENT_FUNCTION_NAME}\` function to transfer the question to that\n` +
    'agent. When transferring, do not generate any text other than the function\n' +
    'call.\n\n' +
    `**NOTE**: the only available agents for \`${TRANSFER_TO_AGENT_FUNCTION_NAME}\` function are\n` +
    `${names}.\n`;
  if (agent.parentAgent && !agent.disallowTransferToParent) {
    instruction +=
      '\nIf neither you nor the other agents are best for the question, transfer to your ' +
      `parent agent ${agent.parentAgent.name}.\n`;
  }
  return instruction;
}

/**
 * AutoFlow's transfer processor (spec 000 §3.7; placed after the others, as
 * the recordings show): appends the transfer instructions (not for an agent
 * in `task` or `single_turn` mode) and the `transfer_to_agent` tool with the
 * valid names as an enum.
 */
export const agentTransferRequestProcessor: LlmRequestProcessor = {
  async *runAsync(_context, request, agent) {
    const targets = getTransferTargets(agent);
    if (targets.length === 0) return;
    // A task or single-turn agent gets the tool but no transfer instructions (ADK 2.x).
    if (!isDelegatedMode(agent)) {
      appendInstructions(request, [buildTransferInstructions(agent, targets)]);
    }
    // The tool's processLlmRequest only appends its declaration.
    appendTools(request, [
      new TransferToAgentTool({ agentNames: targets.map((target) => target.name) }),
    ]);
  },
};

// Python sorts strings by code point; JavaScript's default sort compares UTF-16 units.
function comparePython(left: string, right: string): number {
  const a = Array.from(left, (char) => char.codePointAt(0) ?? 0);
  const b = Array.from(right, (char) => char.codePointAt(0) ?? 0);
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const difference = a[index]! - b[index]!;
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}
