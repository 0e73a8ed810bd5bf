import type { AgentMode } from '../flows/agent-mode.js';
import type { ToolUnion } from '../flows/llm-agent-contract.js';
import type { AgentToolAgent } from '../tools/agent-tool.js';
import {
  FinishTaskTool,
  isFinishTaskTool,
  type TaskOutputSchema,
} from '../tools/finish-task-tool.js';
import { SingleTurnAgentTool, isSingleTurnAgentTool } from '../tools/single-turn-agent-tool.js';
import { TaskAgentTool, isTaskAgentTool } from '../tools/task-agent-tool.js';
import type { BaseAgent } from './base-agent.js';

/** What `withTaskModeTools` reads of the LlmAgent being built. */
export interface TaskModeToolsOwner {
  readonly name: string;
  readonly mode: AgentMode | undefined;
  readonly outputSchema: TaskOutputSchema | undefined;
  readonly subAgents: readonly BaseAgent[];
}

/**
 * The tools of an LlmAgent with the framework's task-mode tools added
 * (Python `LlmAgent.model_post_init`): `finish_task` when the agent is in
 * task mode, a delegation tool (`TaskAgentTool`) for each sub-agent in task
 * mode and a `SingleTurnAgentTool` for each sub-agent in single-turn mode.
 * An LLM sub-agent without a mode becomes a chat agent here, as in Python.
 * Framework tools already in `tools` (a cloned agent's) are replaced by
 * fresh ones, so they always belong to this agent and its current
 * sub-agents.
 */
export function withTaskModeTools(
  owner: TaskModeToolsOwner,
  tools: readonly ToolUnion[],
): ToolUnion[] {
  const result = tools.filter((tool) => !isFrameworkTool(tool));
  if (owner.mode === 'task') result.push(new FinishTaskTool(owner));
  for (const subAgent of owner.subAgents) {
    const candidate = subAgent as BaseAgent & { isLlmAgent?: boolean; mode?: AgentMode };
    if (candidate.isLlmAgent === true && candidate.mode === undefined) candidate.mode = 'chat';
    if (candidate.mode === 'task') {
      result.push(new TaskAgentTool(subAgent as unknown as AgentToolAgent));
    } else if (candidate.mode === 'single_turn') {
      result.push(new SingleTurnAgentTool(subAgent as unknown as AgentToolAgent));
    }
  }
  return result;
}

/**
 * True when the agent has a task sub-agent (a delegation tool): its own
 * delegation loop resumes a paused task, so the Runner gives it the turn
 * instead of picking an agent by the last transfer (Python's
 * `has_task_subagent`).
 */
export function hasTaskSubAgents(agent: BaseAgent): boolean {
  const tools = (agent as { tools?: readonly ToolUnion[] }).tools;
  return tools?.some(isTaskAgentTool) === true;
}

/**
 * True for an LlmAgent that, itself or through an agent below it that it
 * may transfer to, reaches sub-agents through the node runtime (a task
 * sub-agent's delegation tool or a single-turn sub-agent's tool): the
 * Runner then runs it as a node, as Python runs every root LlmAgent.
 */
export function needsNodeRuntime(agent: BaseAgent): boolean {
  return (agent as { isLlmAgent?: boolean }).isLlmAgent === true && usesNodeRuntimeTools(agent);
}

function usesNodeRuntimeTools(agent: BaseAgent): boolean {
  const tools = (agent as { tools?: readonly ToolUnion[] }).tools;
  if (tools?.some((tool) => isTaskAgentTool(tool) || isSingleTurnAgentTool(tool))) return true;
  return agent.subAgents.some(usesNodeRuntimeTools);
}

function isFrameworkTool(tool: ToolUnion): boolean {
  return isFinishTaskTool(tool) || isTaskAgentTool(tool) || isSingleTurnAgentTool(tool);
}
