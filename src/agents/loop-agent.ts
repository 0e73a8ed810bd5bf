import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { readCurrentSubAgent, readTimesLooped, type LoopAgentState } from './agent-state.js';
import { BaseAgent, type BaseAgentConfig } from './base-agent.js';

/** Config of a LoopAgent. */
export interface LoopAgentConfig extends BaseAgentConfig {
  /** Most passes over the sub-agents; unset or 0 loops until a sub-agent escalates. */
  maxIterations?: number;
}

/**
 * Runs its sub-agents in order, again and again (Python `LoopAgent`), until
 * `maxIterations` passes are done or an event escalates (`actions.escalate`,
 * e.g. from the `exit_loop` tool). Sub-agent states are reset between passes.
 */
export class LoopAgent extends BaseAgent {
  maxIterations: number | undefined;

  constructor(config: LoopAgentConfig) {
    super(config);
    this.maxIterations = config.maxIterations;
  }

  protected override async *runAsyncImpl(
    context: InvocationContext,
  ): AsyncGenerator<Event, void, undefined> {
    if (this.subAgents.length === 0) return;
    const agentState = this.loadAgentState(context);
    let resumingAtCurrentAgent = agentState !== undefined;
    let timesLooped = agentState ? readTimesLooped(agentState) : 0;
    let startIndex = agentState ? this.indexOf(readCurrentSubAgent(agentState)) : 0;
    let shouldExit = false;
    let pauseInvocation = false;
    while (
      (!this.maxIterations || timesLooped < this.maxIterations) &&
      !(shouldExit || pauseInvocation)
    ) {
      for (let index = startIndex; index < this.subAgents.length; index++) {
        const subAgent = this.subAgents[index]!;
        if (context.isResumable && !resumingAtCurrentAgent) {
          const state: LoopAgentState = {
            current_sub_agent: subAgent.name,
            times_looped: timesLooped,
          };
          context.setAgentState(this.name, { agentState: { ...state } });
          yield this.createAgentStateEvent(context);
        }
        // A resumed sub-agent whose end is stored had finished (the run
        // stopped before the next checkpoint): it does not run twice, and an
        // escalation among its stored events still ends the loop.
        if (resumingAtCurrentAgent && context.endOfAgents[subAgent.name] === true) {
          resumingAtCurrentAgent = false;
          if (this.escalatedSinceCheckpoint(context)) shouldExit = true;
          if (shouldExit) break;
          continue;
        }
        resumingAtCurrentAgent = false;
        const longRunningCalls: Event[] = [];
        for await (const event of subAgent.runAsync(context)) {
          yield event;
          if (event.actions.escalate) shouldExit = true;
          if (event.longRunningToolIds?.length) longRunningCalls.push(event);
        }
        if (context.pausesAfter(longRunningCalls)) pauseInvocation = true;
        if (shouldExit || pauseInvocation) break;
      }
      startIndex = 0;
      timesLooped += 1;
      context.resetSubAgentStates(this.name);
    }
    if (pauseInvocation) return;
    if (context.isResumable) {
      context.setAgentState(this.name, { endOfAgent: true });
      yield this.createAgentStateEvent(context);
    }
  }

  /** Whether an event of this invocation's branch after this loop's last checkpoint escalates. */
  private escalatedSinceCheckpoint(context: InvocationContext): boolean {
    const events = context.getEvents({ currentInvocation: true, currentBranch: true });
    for (let index = events.length - 1; index >= 0; index--) {
      const event = events[index]!;
      if (event.author === this.name) return false;
      if (event.actions.escalate) return true;
    }
    return false;
  }

  private indexOf(name: string): number {
    if (!name) return 0;
    const index = this.subAgents.findIndex((subAgent) => subAgent.name === name);
    return index >= 0 ? index : 0;
  }
}
