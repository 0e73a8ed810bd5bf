import type { AgentCapabilities, AgentCard, AgentProvider, AgentSkill } from '@a2a-js/sdk';
import type { BaseAgent } from '../agents/base-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import { LoopAgent } from '../agents/loop-agent.js';
import { ParallelAgent } from '../agents/parallel-agent.js';
import { SequentialAgent } from '../agents/sequential-agent.js';

/** Options of `buildAgentCard`. */
export interface BuildAgentCardOptions {
  /** The JSON-RPC endpoint the card points callers to; default `http://localhost:80/a2a`. */
  rpcUrl?: string;
  /** Default `0.0.1`, as the reference. */
  agentVersion?: string;
  /** Default: streaming on, push notifications off. */
  capabilities?: Partial<AgentCapabilities>;
  documentationUrl?: string;
  provider?: AgentProvider;
}

function skill(
  fields: Pick<AgentSkill, 'id' | 'name' | 'description' | 'tags'> & Partial<AgentSkill>,
): AgentSkill {
  return { examples: [], inputModes: [], outputModes: [], securityRequirements: [], ...fields };
}

function agentType(agent: BaseAgent): string {
  if (agent instanceof LlmAgent) return 'llm';
  if (agent instanceof SequentialAgent) return 'sequential_workflow';
  if (agent instanceof ParallelAgent) return 'parallel_workflow';
  if (agent instanceof LoopAgent) return 'loop_workflow';
  return 'custom_agent';
}

function defaultDescription(agent: BaseAgent): string {
  if (agent instanceof LlmAgent) return 'An LLM-based agent';
  if (agent instanceof SequentialAgent) return 'A sequential workflow agent';
  if (agent instanceof ParallelAgent) return 'A parallel workflow agent';
  if (agent instanceof LoopAgent) return 'A loop workflow agent';
  return 'A custom agent';
}

const PRONOUNS: Record<string, string> = {
  'you are': 'I am',
  'you were': 'I was',
  "you're": 'I am',
  "you've": 'I have',
  yours: 'mine',
  your: 'my',
  you: 'I',
};
const PRONOUN_PATTERN = new RegExp(
  `\\b(${Object.keys(PRONOUNS)
    .sort((a, b) => b.length - a.length)
    .map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})\\b`,
  'gi',
);

/** An instruction told in the first person (`You are` → `I am`), as the reference's card does. */
export function replacePronouns(text: string): string {
  return text.replace(PRONOUN_PATTERN, (match) => PRONOUNS[match.toLowerCase()] ?? match);
}

function subAgentList(agent: BaseAgent): string[] {
  return agent.subAgents.map((sub) => sub.description || `execute the ${sub.name} agent`);
}

function joinedList(items: string[]): string {
  return items
    .map((item, index) =>
      index === 0
        ? `This agent will ${item}`
        : index === items.length - 1
          ? `and ${item}`
          : `, ${item}`,
    )
    .join(' ');
}

function workflowDescription(agent: BaseAgent): string | undefined {
  const items = subAgentList(agent);
  if (items.length === 0) return undefined;
  if (agent instanceof SequentialAgent) {
    const steps = items.map((item, index) =>
      index === 0
        ? `First, this agent will ${item}`
        : index === items.length - 1
          ? `Finally, this agent will ${item}`
          : `Then, this agent will ${item}`,
    );
    return `${steps.join(' ')}.`;
  }
  if (agent instanceof ParallelAgent) return `${joinedList(items)} simultaneously.`;
  if (agent instanceof LoopAgent) {
    return `${joinedList(items)} in a loop (max ${agent.maxIterations ?? 'unlimited'} iterations).`;
  }
  return undefined;
}

function agentDescription(agent: BaseAgent): string {
  const parts: string[] = [];
  if (agent.description) parts.push(agent.description);
  if (agent instanceof LlmAgent) {
    if (typeof agent.instruction === 'string' && agent.instruction) {
      parts.push(replacePronouns(agent.instruction));
    }
    if (typeof agent.globalInstruction === 'string' && agent.globalInstruction) {
      parts.push(replacePronouns(agent.globalInstruction));
    }
  } else {
    const workflow = workflowDescription(agent);
    if (workflow) parts.push(workflow);
  }
  return parts.length ? parts.join(' ') : defaultDescription(agent);
}

async function primarySkills(agent: BaseAgent): Promise<AgentSkill[]> {
  const type = agentType(agent);
  if (agent instanceof LlmAgent) {
    const outputModes = agent.generateContentConfig?.responseModalities?.map(String) ?? [];
    const skills = [
      skill({
        id: agent.name,
        name: 'model',
        description: agentDescription(agent),
        tags: ['llm'],
        outputModes,
      }),
    ];
    for (const tool of await agent.canonicalTools()) {
      skills.push(
        skill({
          id: `${agent.name}-${tool.name}`,
          name: tool.name,
          description: tool.description || `Tool: ${tool.name}`,
          tags: ['llm', 'tools'],
        }),
      );
    }
    if (agent.planner) {
      skills.push(
        skill({
          id: `${agent.name}-planner`,
          name: 'planning',
          description: 'Can think about the tasks to do and make plans',
          tags: ['llm', 'planning'],
        }),
      );
    }
    if (agent.codeExecutor) {
      skills.push(
        skill({
          id: `${agent.name}-code-executor`,
          name: 'code-execution',
          description: 'Can execute code',
          tags: ['llm', 'code_execution'],
        }),
      );
    }
    return skills;
  }
  const name =
    agent instanceof SequentialAgent || agent instanceof ParallelAgent || agent instanceof LoopAgent
      ? 'workflow'
      : 'custom';
  const skills = [
    skill({ id: agent.name, name, description: agentDescription(agent), tags: [type] }),
  ];
  if (agent.subAgents.length) {
    skills.push(
      skill({
        id: `${agent.name}-sub-agents`,
        name: 'sub-agents',
        description: `Orchestrates: ${agent.subAgents
          .map((sub) => `${sub.name}: ${sub.description || 'No description'}`)
          .join('; ')}`,
        tags: [type, 'orchestration'],
      }),
    );
  }
  return skills;
}

/**
 * The A2A agent card of an agent tree (Python `AgentCardBuilder`): its name,
 * description (default `An ADK Agent`), one JSON-RPC interface at `rpcUrl`,
 * text in and out, and skills: the agent's own (for an LLM agent `model`,
 * described by its description and its instruction in the first person,
 * then one per tool, planning and code execution; for a workflow agent
 * `workflow` with its steps, plus `sub-agents`), then each sub-agent's
 * skills prefixed with its name and tagged `sub_agent:<name>`. Examples in
 * instructions are not extracted.
 */
export async function buildAgentCard(
  agent: BaseAgent,
  {
    rpcUrl = 'http://localhost:80/a2a',
    agentVersion = '0.0.1',
    capabilities,
    documentationUrl,
    provider,
  }: BuildAgentCardOptions = {},
): Promise<AgentCard> {
  const skills = await primarySkills(agent);
  for (const sub of agent.subAgents) {
    for (const subSkill of await primarySkills(sub)) {
      skills.push({
        ...subSkill,
        id: `${sub.name}_${subSkill.id}`,
        name: `${sub.name}: ${subSkill.name}`,
        tags: [`sub_agent:${sub.name}`, ...subSkill.tags],
      });
    }
  }
  const url = rpcUrl.replace(/\/+$/, '');
  return {
    name: agent.name,
    description: agent.description || 'An ADK Agent',
    supportedInterfaces: [
      { url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' },
      { url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '0.3' },
    ],
    provider,
    version: agentVersion,
    ...(documentationUrl ? { documentationUrl } : {}),
    capabilities: {
      streaming: true,
      pushNotifications: false,
      extensions: [],
      extendedAgentCard: false,
      ...capabilities,
    },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills,
    signatures: [],
  };
}
