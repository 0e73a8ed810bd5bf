import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { logger } from '../utils/logger.js';
import { readCurrentSubAgent, type SequentialAgentState } from './agent-state.js';
import { BaseAgent, type BaseAgentConfig } from './base-agent.js';

/** Config of a SequentialAgent: the base fields only. */
export type SequentialAgentConfig = BaseAgentConfig;

/**
 * Runs its sub-agents one after another, in order, in the same branch
 * (Python `SequentialAgent`). In a resumable app it checkpoints the sub-agent
 * it is on, stops when a sub-agent pauses the invocation, and resumes from
 * that sub-agent, or from the next one when that one's end was stored.
 */
export class SequentialAgent extends BaseAgent {
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
