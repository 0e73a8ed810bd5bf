import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { BaseAgent, type BaseAgentConfig } from './base-agent.js';
import { mergeAgentRuns } from './merge-agent-runs.js';

/** Config of a ParallelAgent: the base fields only. */
export type ParallelAgentConfig = BaseAgentConfig;

/**
 * Runs its sub-agents concurrently (Python `ParallelAgent`). Each child runs
 * on its own branch, `<branch>.<parallel>.<child>` (or `<parallel>.<child>` at
 * the top), so it does not see its siblings' conversation. Events are yielded
 * as they come; the first failure aborts the other children and is rethrown.
 */
export class ParallelAgent extends BaseAgent {
  protected override async *runAsyncImpl(
    context: InvocationContext,
  ): AsyncGenerator<Event, void, undefined> {
    if (this.subAgents.length === 0) return;
    if (context.isResumable && this.loadAgentState(context) === undefined) {
      context.setAgentState(this.name, { agentState: {} });
      yield this.createAgentStateEvent(context);
    }
    const controller = new AbortController();
    const signal = context.abortSignal
      ? AbortSignal.any([context.abortSignal, controller.signal])
      : controller.signal;
    const runs = [];
    for (const subAgent of this.subAgents) {
      const suffix = `${this.name}.${subAgent.name}`;
      const childContext = context.copy({
        branch: context.branch ? `${context.branch}.${suffix}` : suffix,
        abortSignal: signal,
      });
      // Children that finished in an earlier run of a resumed invocation are skipped.
      if (!childContext.endOfAgents[subAgent.name]) runs.push(subAgent.runAsync(childContext));
    }
    const longRunningCalls: Event[] = [];
    for await (const event of mergeAgentRuns(runs, () => controller.abort())) {
      yield event;
      if (event.longRunningToolIds?.length) longRunningCalls.push(event);
    }
    if (context.pausesAfter(longRunningCalls)) return;
    if (
      context.isResumable &&
      this.subAgents.every((subAgent) => context.endOfAgents[subAgent.name] === true)
    ) {
      context.setAgentState(this.name, { endOfAgent: true });
      yield this.createAgentStateEvent(context);
    }
  }
}
