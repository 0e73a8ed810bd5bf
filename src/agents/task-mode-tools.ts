import type { AgentMode } from '../flows/agent-mode.js';
import type { ToolUnion } from '../flows/llm-agent-contract.js';
import type { AgentToolAgent } from '../tools/agent-tool.js';
import {
  FinishTaskTool,
  isFinishTaskTool,
  type TaskOutputSchema,
} from '../tools/finish-task-tool.js';
import { TaskAgentTool, isTaskAgentTool } from '../tools/task-agent-tool.js';
import { logger } from '../utils/logger.js';
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
 * task mode, and a delegation tool (`TaskAgentTool`) for each sub-agent in
 * task mode. An LLM sub-agent without a mode becomes a chat agent here, as
 * in Python. A single-turn sub-agent is logged as unreachable: its tool
 * (Python `_SingleTurnAgentTool`) runs it as a workflow node. Framework tools already in `tools` (a cloned agent's) are
 * replaced by fresh ones, so they always belong to this agent and its
 * current sub-agents.
 */
export function withTaskModeTools(
  owner: TaskModeToolsOwner,
  tools: readonly ToolUnion[],
): ToolUnion[] {
  const result = tools.filter((tool) => !isFinishTaskTool(tool) && !isTaskAgentTool(tool));
  if (owner.mode === 'task') result.push(new FinishTaskTool(owner));
  for (const subAgent of owner.subAgents) {
    const candidate = subAgent as BaseAgent & { isLlmAgent?: boolean; mode?: AgentMode };
    if (candidate.isLlmAgent === true && candidate.mode === undefined) candidate.mode = 'chat';
    if (candidate.mode === 'task') {
      result.push(new TaskAgentTool(subAgent as unknown as AgentToolAgent));
    } else if (candidate.mode === 'single_turn') {
      // Python reaches it through a tool that runs it as a workflow node, which
      // needs the workflow scheduler; until then it is neither a tool nor a
      // transfer target.
      logger.warn(
        `Sub-agent '${subAgent.name}' of '${owner.name}' is in single_turn mode, which a chat ` +
          'agent reaches through the workflow scheduler; it cannot be called from this agent yet.',
      );
    }
  }
  return result;
}
