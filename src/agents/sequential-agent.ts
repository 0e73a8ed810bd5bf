import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import {
  TASK_COMPLETED_INSTRUCTION,
  TASK_COMPLETED_TOOL_NAME,
  TaskCompletedTool,
} from '../tools/task-completed-tool.js';
import type { InstructionProvider } from '../flows/llm-agent-contract.js';
import { logger } from '../utils/logger.js';
import { readCurrentSubAgent, type SequentialAgentState } from './agent-state.js';
import { BaseAgent, type BaseAgentConfig } from './base-agent.js';
import { LlmAgent } from './llm-agent.js';

/** Config of a SequentialAgent: the base fields only. */
export type SequentialAgentConfig = BaseAgentConfig;

/**
 * Runs its sub-agents one after another, in order, in the same branch
 * (Python `SequentialAgent`). In a resumable app it checkpoints the sub-agent
 * it is on, stops when a sub-agent pauses the invocation, and resumes from
 * that sub-agent, or from the next one when that one's end was stored.
 *
 * Live, the sub-agents run one after another on the same LiveRequestQueue
 * (Python `_run_live_impl`): a live stream has no natural end, so each LLM
 * sub-agent is given, once, a `task_completed` tool and an instruction
 * asking it to call it when its part is done; the call ends that agent's
 * session and the next one takes over.
 */
export class SequentialAgent extends BaseAgent {
  protected override async *runLiveImpl(
    context: InvocationContext,
  ): AsyncGenerator<Event, void, undefined> {
    for (const subAgent of this.subAgents) {
      if (subAgent instanceof LlmAgent) withTaskCompleted(subAgent);
    }
    for (const subAgent of this.subAgents) yield* subAgent.runLive(context);
  }

  protected override async *runAsyncImpl(
    context: InvocationContext,
  ): AsyncGenerator<Event, void, undefined> {
    if (this.subAgents.length === 0) return;
    const agentState = this.loadAgentState(context);
    const startIndex = this.startIndex(agentState);
    let resumingSubAgent = agentState !== undefined;
    for (let index = startIndex; index < this.subAgents.length; index++) {
      const subAgent = this.subAgents[index]!;
      // When resuming, the checkpoint for this sub-agent is already in the session.
      if (!resumingSubAgent && context.isResumable) {
        const state: SequentialAgentState = { current_sub_agent: subAgent.name };
        context.setAgentState(this.name, { agentState: { ...state } });
        yield this.createAgentStateEvent(context);
      }
      // A resumed sub-agent whose end is stored had finished: the run that
      // stored the mark stopped before the next checkpoint. It does not run twice.
      const finished = resumingSubAgent && context.endOfAgents[subAgent.name] === true;
      resumingSubAgent = false;
      if (finished) continue;
      const longRunningCalls: Event[] = [];
      for await (const event of subAgent.runAsync(context)) {
        yield event;
        if (event.longRunningToolIds?.length) longRunningCalls.push(event);
      }
      if (context.pausesAfter(longRunningCalls)) return;
    }
    if (context.isResumable) {
      context.setAgentState(this.name, { endOfAgent: true });
      yield this.createAgentStateEvent(context);
    }
  }

  private startIndex(agentState: Record<string, unknown> | undefined): number {
    if (!agentState) return 0;
    const current = readCurrentSubAgent(agentState);
    // A checkpoint without a current sub-agent means the sequence had finished.
    if (!current) return this.subAgents.length;
    const index = this.subAgents.findIndex((subAgent) => subAgent.name === current);
    if (index >= 0) return index;
    logger.warn(
      `Sub-agent ${current} was not found in ${this.name}; it may have been removed. Restarting from the first sub-agent.`,
    );
    return 0;
  }
}

/**
 * Gives `agent` the `task_completed` tool and the instruction that asks for
 * it, unless it has a tool of that name already. Python changes the agent
 * itself too; its check compares the name with the tool objects, so it
 * appends again on every live run, which this does not. A provider
 * instruction gets the text after what it returns.
 */
function withTaskCompleted(agent: LlmAgent): void {
  const named = agent.tools.some(
    (tool) => typeof tool === 'object' && 'name' in tool && tool.name === TASK_COMPLETED_TOOL_NAME,
  );
  if (named) return;
  agent.tools = [...agent.tools, new TaskCompletedTool()];
  const instruction = agent.instruction;
  agent.instruction =
    typeof instruction === 'string'
      ? instruction + TASK_COMPLETED_INSTRUCTION
      : ((async (context) =>
          (await instruction(context)) + TASK_COMPLETED_INSTRUCTION) satisfies InstructionProvider);
}
