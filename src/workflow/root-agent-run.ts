import type { BaseAgent } from '../agents/base-agent.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { AgentNode } from './agent-node.js';
import { DynamicNodeScheduler } from './dynamic-node-scheduler.js';
import { EventChannel } from './event-channel.js';
import { NodeRunContext } from './node-run-context.js';
import { NodeRunner } from './node-runner.js';
import { RunIdCounter } from './run-id-counter.js';
import { realClock } from './workflow-clock.js';

/**
 * Runs a root agent as a node of the node runtime and yields its events
 * (Python `_node_runner_utils.run_node_async` for a root LlmAgent): the
 * agent is an `AgentNode` run `<name>@1` under a root context that owns a
 * `DynamicNodeScheduler`, so what the agent starts with `ctx.runNode` (a
 * delegated task, a single-turn sub-agent called as a tool) is a child node
 * run with its own path, run id and record in the session, found again by
 * run id on a later turn of the same invocation. The node input is the
 * invocation's user content. Events reach the caller through one channel,
 * each taken before the node that emitted it goes on; a waiting child ends
 * the run quietly (the turn ends there); a failure is thrown after the
 * events sent before it.
 *
 * A root LlmAgent without a mode runs as a chat agent, as Python's Runner
 * sets it.
 */
export async function* runAgentAsRootNode(
  agent: BaseAgent,
  context: InvocationContext,
): AsyncGenerator<Event, void, undefined> {
  const holder = agent as { mode?: unknown; isLlmAgent?: boolean };
  if (holder.isLlmAgent === true && holder.mode === undefined) holder.mode = 'chat';
  const channel = new EventChannel();
  const stop = new AbortController();
  const abortSignal = context.abortSignal
    ? AbortSignal.any([context.abortSignal, stop.signal])
    : stop.signal;
  const node = new AgentNode(agent);
  const services = { channel, clock: realClock };
  // Python's `root_ctx` with its `_workflow_scheduler`: the parent of the root node.
  const root = new NodeRunContext({
    invocationContext: context,
    node,
    nodeInput: undefined,
    parentContext: undefined,
    nodePath: '',
    runId: '',
    attemptCount: 1,
    resumeInputs: {},
    outputForAncestors: [],
    isolationScope: undefined,
    abortSignal,
    services,
  });
  const scheduler = new DynamicNodeScheduler(new RunIdCounter());
  root.dynamicNodeRunner = (parent, child, nodeInput, options) =>
    scheduler.runNode(parent, child, nodeInput, options);
  const runner = new NodeRunner({
    node,
    parent: {
      context: root,
      invocationContext: context,
      nodePath: '',
      outputForAncestors: [],
      isolationScope: undefined,
      abortSignal,
      services,
    },
    runId: '1',
  });
  const work = runner.run(context.userContent).finally(() => scheduler.cancelAll());
  yield* channel.drain(work, () => stop.abort());
  const result = await work;
  if (result.error !== undefined) throw result.error;
}
