import type {
  AgentCapabilities,
  AgentCard,
  AgentProvider,
  AgentSkill,
  SecurityScheme,
} from '@a2a-js/sdk';
import type { BaseAgent } from '../agents/base-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import type { BaseTool } from '../tools/base-tool.js';
import { ExampleTool } from '../tools/example-tool.js';
import { logger } from '../utils/logger.js';
import { subjectDescription } from './agent-card-descriptions.js';
import { exampleInputs } from './agent-card-examples.js';
import { cardSubject, childSubjects, subjectType, type CardSubject } from './agent-card-subject.js';

/** Options of `buildAgentCard`. */
export interface BuildAgentCardOptions {
  /** The JSON-RPC endpoint the card points callers to (a trailing `/` dropped); default `http://localhost:80/a2a`. */
  rpcUrl?: string;
  /** Default `0.0.1`, as the reference. */
  agentVersion?: string;
  /** Default: streaming on, push notifications off. */
  capabilities?: Partial<AgentCapabilities>;
  /** Published as `documentationUrl`; left out when unset. */
  documentationUrl?: string;
  /** Who publishes the agent; left out when unset. */
  provider?: AgentProvider;
  /** Named authentication schemes a caller must satisfy; published only, never enforced. Default none. */
  securitySchemes?: Record<string, SecurityScheme>;
}

function skill(
  fields: Pick<AgentSkill, 'id' | 'name' | 'description' | 'tags'> & Partial<AgentSkill>,
): AgentSkill {
  return { examples: [], inputModes: [], outputModes: [], securityRequirements: [], ...fields };
}

/** The tools an LLM agent offers, each resolved once (toolsets expanded). */
async function resolvedTools(agent: LlmAgent): Promise<BaseTool[]> {
  try {
    return await agent.canonicalTools();
  } catch (error) {
    // Python reads the tools twice: once for examples (a failure only
    // warned about), once for the tool skills (a failure fails the card).
    logger.warn(`Failed to extract examples from tools: ${String(error)}`);
    throw error;
  }
}

async function llmSkills(subject: CardSubject, agent: LlmAgent): Promise<AgentSkill[]> {
  const { name } = subject;
  const tools = await resolvedTools(agent);
  const skills = [
    skill({
      id: name,
      name: 'model',
      description: subjectDescription(subject),
      examples: exampleInputs(tools),
      outputModes: agent.generateContentConfig?.responseModalities?.map(String) ?? [],
      tags: ['llm'],
    }),
  ];
  if (agent.tools.length) {
    for (const tool of tools) {
      if (tool instanceof ExampleTool) continue;
      const toolName = tool.name || tool.constructor.name;
      skills.push(
        skill({
          id: `${name}-${toolName}`,
          name: toolName,
          description: tool.description ?? `Tool: ${toolName}`,
          tags: ['llm', 'tools'],
        }),
      );
    }
  }
  if (agent.planner) {
    skills.push(
      skill({
        id: `${name}-planner`,
        name: 'planning',
        description: 'Can think about the tasks to do and make plans',
        tags: ['llm', 'planning'],
      }),
    );
  }
  if (agent.codeExecutor) {
    skills.push(
      skill({
        id: `${name}-code-executor`,
        name: 'code-execution',
        description: 'Can execute code',
        tags: ['llm', 'code_execution'],
      }),
    );
  }
  return skills;
}

function nonLlmSkills(subject: CardSubject): AgentSkill[] {
  const type = subjectType(subject);
  const skills = [
    skill({
      id: subject.name,
      name: type === 'custom_agent' ? 'custom' : 'workflow',
      description: subjectDescription(subject),
      tags: [type],
    }),
  ];
  const children = childSubjects(subject);
  if (children.length) {
    skills.push(
      skill({
        id: `${subject.name}-sub-agents`,
        name: 'sub-agents',
        description: `Orchestrates: ${children
          .map((child) => `${child.name}: ${child.description || 'No description'}`)
          .join('; ')}`,
        tags: [type, 'orchestration'],
      }),
    );
  }
  return skills;
}

/** A subject's own skills (Python `_build_primary_skills`). */
async function primarySkills(subject: CardSubject): Promise<AgentSkill[]> {
  return subject.target instanceof LlmAgent
    ? llmSkills(subject, subject.target)
    : nonLlmSkills(subject);
}

/** Each child's own skills, renamed after it; a child whose skills fail is left out. */
async function childSkills(subject: CardSubject): Promise<AgentSkill[]> {
  const skills: AgentSkill[] = [];
  for (const child of childSubjects(subject)) {
    let own: AgentSkill[];
    try {
      own = await primarySkills(child);
    } catch (error) {
      logger.warn(`Failed to build skills for sub-agent ${child.name}: ${String(error)}`);
      continue;
    }
    for (const childSkill of own) {
      skills.push({
        ...childSkill,
        id: `${child.name}_${childSkill.id}`,
        name: `${child.name}: ${childSkill.name}`,
        tags: [`sub_agent:${child.name}`, ...childSkill.tags],
      });
    }
  }
  return skills;
}

/**
 * The A2A agent card of an agent tree (Python `AgentCardBuilder`): its name,
 * description (default `An ADK Agent`), one JSON-RPC interface at `rpcUrl`
 * per protocol version (1.0 and 0.3), the version, text in and out, the
 * capabilities, and skills —
 *
 * - an LLM agent: `model` (id the agent's name, tags `llm`, its description
 *   or `An LLM-based agent`, the examples of its `ExampleTool`, its
 *   response modalities as output modes), one skill per tool but the
 *   `ExampleTool` (`<agent>-<tool>`, tags `llm`, `tools`), `planning` and
 *   `code-execution` when it has a planner or a code executor;
 * - any other agent or node: `workflow` (a sequential, parallel, loop or
 *   graph workflow, with what it does with its children) or `custom`, tagged
 *   with its type, and `sub-agents` (`Orchestrates: …`) when it has children;
 * - then each immediate child's own skills (a sub-agent, or a graph
 *   workflow's node), ids `<child>_<id>`, names `<child>: <name>`, tagged
 *   `sub_agent:<child>` first; a child whose skills cannot be built is left
 *   out with a warning.
 *
 * Instructions are never published, neither as descriptions nor as
 * examples. Rejects when the agent's own tools cannot be listed.
 */
export async function buildAgentCard(
  agent: BaseAgent,
  {
    rpcUrl = 'http://localhost:80/a2a',
    agentVersion = '0.0.1',
    capabilities,
    documentationUrl,
    provider,
    securitySchemes,
  }: BuildAgentCardOptions = {},
): Promise<AgentCard> {
  const subject = cardSubject(agent);
  const skills = [...(await primarySkills(subject)), ...(await childSkills(subject))];
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
    securitySchemes: { ...securitySchemes },
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills,
    signatures: [],
  };
}
