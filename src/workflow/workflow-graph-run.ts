import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import { DynamicNodeScheduler } from './dynamic-node-scheduler.js';
import type { Graph } from './graph.js';
import type { NodeRunContext } from './node-run-context.js';
import { NodeRunner, parentOf } from './node-runner.js';
import { createNodeState } from './node-state.js';
import { NodeStatus } from './node-status.js';
import type { BaseNode } from './base-node.js';
import { notResumableError, decideReplay, type ReplayDecision } from './replay-decision.js';
import { emitEndOfAgent, emitNodeCheckpoint, reemitReplayedOutput } from './workflow-checkpoint.js';
import { recoverChildRuns, replaySequence } from './workflow-recovery.js';
import { ReplaySequenceBarrier } from './replay-sequence-barrier.js';
import { WorkflowLoopState, type PendingRun, type Trigger } from './workflow-loop-state.js';
import {
  bufferDownstreamTriggers,
  recordJoinArrivals,
  seedStartTriggers,
} from './workflow-triggers.js';

/** What the scheduler needs of a workflow. */
export interface WorkflowGraphSpec {
  readonly name: string;
  readonly graph: Graph;
  /** At most this many graph-scheduled nodes at once; undefined or ≤ 0: no limit. */
  readonly maxConcurrency: number | undefined;
  /** The workflow's output after its output schema. */
  validateOutput(output: unknown): unknown;
}

/**
 * Runs a workflow's graph on the workflow's own context (Python
 * `Workflow._run_impl`), SETUP → LOOP → FINALIZE:
 * - SETUP queues triggers for START's successors and installs the
 *   `ctx.runNode` scheduler for the nodes below.
 * - LOOP starts ready nodes (up to `maxConcurrency`, in trigger order; a
 *   node already running or waiting on an interrupt is not started again),
 *   waits for one to finish, handles every finished run in scheduling order,
 *   and queues their successors.
 * - FINALIZE makes the terminal node's output the workflow's (its event,
 *   already carrying the workflow's path in `nodeInfo.outputFor`, stands for
 *   the workflow's, so none is sent twice), or reports the interrupt ids the
 *   workflow waits on.
 * A node that fails for good stops the loop: the nodes still running are
 *   cancelled and `ctx.error` / `ctx.errorNodePath` report the failure (the
 *   node runner above does not throw; the root raises it).
 */
export async function runWorkflowGraph(
  spec: WorkflowGraphSpec,
  ctx: NodeRunContext,
  input: unknown,
): Promise<void> {
  ctx.eventAuthor = spec.name;
  const loop = new WorkflowLoopState();
  loop.recovered = recoverChildRuns(
    ctx.invocation,
    ctx.nodePath,
    ctx.services.replayInvocationIds ?? new Set([ctx.invocationId]),
  );
  loop.barrier = new ReplaySequenceBarrier(replaySequence(loop.recovered));
  seedStartTriggers(spec.graph, loop, input, ctx.invocation.branch);
  const dynamic = new DynamicNodeScheduler(loop.runIds);
  ctx.dynamicNodeRunner = (parent, node, nodeInput, options) =>
    dynamic.runNode(parent, node, nodeInput, options);
  try {
    await runLoop(spec, loop, ctx);
    if (!loop.errorShutDown && !ctx.abortSignal.aborted) {
      const detached = await dynamic.settleDetached();
      if (detached) {
        ctx.error = detached.error;
        ctx.errorNodePath = detached.nodePath;
        loop.errorShutDown = true;
      }
    }
  } finally {
    ctx.dynamicNodeRunner = undefined;
    await cancelPending(loop);
    await dynamic.cancelAll();
  }
  if (loop.errorShutDown || ctx.abortSignal.aborted) return;

  for (const state of loop.nodes.values()) {
    if (state.status === NodeStatus.WAITING) {
      for (const id of state.interrupts) loop.interruptIds.add(id);
    }
  }
  finalize(spec, loop, ctx);
  if (loop.interruptIds.size === 0) await emitEndOfAgent(spec.name, ctx);
}

async function runLoop(
  spec: WorkflowGraphSpec,
  loop: WorkflowLoopState,
  ctx: NodeRunContext,
): Promise<void> {
  // Removed when the loop ends: Node keeps an `AbortSignal.any` signal that
  // has a listener alive until it aborts, and with it this run's context.
  let onAbort = (): void => undefined;
  const aborted = new Promise<void>((resolve) => {
    onAbort = () => resolve();
    if (ctx.abortSignal.aborted) resolve();
    ctx.abortSignal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    for (;;) {
      if (ctx.abortSignal.aborted) return;
      await scheduleReadyNodes(spec, loop, ctx);
      if (loop.pending.size === 0) return;
      // Only replayed runs waiting for a recorded run that will not come: let the earliest go.
      if (loop.barrier.waitingCount === loop.pending.size) loop.barrier.skipToWaiting();
      await Promise.race([aborted, ...[...loop.pending.values()].map((run) => run.promise)]);
      if (ctx.abortSignal.aborted) return;

      // Handle every run that has finished, in the recorded order, then in the order scheduled.
      const finished = [...loop.pending].filter(([, run]) => run.result !== undefined);
      finished.sort(([, a], [, b]) => loop.barrier.position(a.key) - loop.barrier.position(b.key));
      let failed = false;
      for (const [name, run] of finished) {
        if (run.result === undefined) continue;
        loop.pending.delete(name);
        loop.barrier.advance(run.key);
        if (handleFailure(loop, name, run.result, ctx, !failed)) failed = true;
        else await handleCompletion(spec, loop, name, run.result, ctx);
      }
      if (failed) {
        loop.errorShutDown = true;
        return;
      }
    }
  } finally {
    ctx.abortSignal.removeEventListener('abort', onAbort);
  }
}

/** Marks a failed run FAILED and reports the first failure on the workflow's context. */
function handleFailure(
  loop: WorkflowLoopState,
  name: string,
  child: NodeRunContext,
  ctx: NodeRunContext,
  first: boolean,
): boolean {
  if (child.error === undefined) return false;
  const state = loop.nodes.get(name);
  if (state) state.status = NodeStatus.FAILED;
  if (first) {
    ctx.error = child.error;
    ctx.errorNodePath = child.errorNodePath ?? child.nodePath;
  }
  return true;
}

/** Starts the ready nodes (Python `_schedule_ready_nodes`). */
async function scheduleReadyNodes(
  spec: WorkflowGraphSpec,
  loop: WorkflowLoopState,
  ctx: NodeRunContext,
): Promise<void> {
  for (const name of [...loop.triggerBuffer.keys()]) {
    if (loop.pending.has(name)) continue;
    const state = loop.nodes.get(name);
    // One run of a node at a time; a node waiting for a human takes no new trigger.
    if (state?.status === NodeStatus.RUNNING) continue;
    if (state?.status === NodeStatus.WAITING && state.interrupts.length > 0) continue;
    if (atConcurrencyLimit(spec, loop)) break;
    const trigger = loop.popTrigger(name);
    if (!trigger) continue;
    startNode(spec, loop, ctx, name, trigger);
    // A replayed run is no new step: only an execution is checkpointed.
    if (!loop.replayed.has(name)) await emitNodeCheckpoint(spec.name, loop, ctx);
  }
}

function atConcurrencyLimit(spec: WorkflowGraphSpec, loop: WorkflowLoopState): boolean {
  const limit = spec.maxConcurrency;
  return limit !== undefined && limit > 0 && loop.pending.size >= limit;
}

/** Starts one node run on its trigger (Python `_start_node_task`). */
function startNode(
  spec: WorkflowGraphSpec,
  loop: WorkflowLoopState,
  ctx: NodeRunContext,
  name: string,
  trigger: Trigger,
): void {
  const node = spec.graph.getNode(name);
  if (!node) {
    throw new WorkflowConfigurationError({
      message: `Workflow '${spec.name}': node '${name}' is not in its graph.`,
      nodeName: name,
    });
  }
  const runId = loop.runIds.next(name, ctx.nodePath);
  loop.nodes.set(
    name,
    createNodeState({ status: NodeStatus.RUNNING, input: trigger.input, runId }),
  );
  const runner = new NodeRunner({
    node,
    parent: parentOf(ctx),
    runId,
    useSubBranch: trigger.useSubBranch,
    ...(trigger.branch === undefined ? {} : { overrideBranch: trigger.branch }),
    useAsOutput: spec.graph.terminalNodeNames.has(name),
  });
  const decision = replayDecisionFor(loop, node, name, runId, ctx.invocation.isResumable);
  // A run that executes, or fails, is no replay.
  const executes = decision.kind === 'run' || decision.kind === 'not-resumable';
  if (!executes) loop.replayed.add(name);
  const key = `${name}@${runId}`;
  const run: PendingRun = {
    runner,
    key,
    // Started on the next microtask, as a task is: the checkpoint that
    // records the start goes out before the node's first event. A replayed
    // run first waits for its turn in the recorded order.
    promise: (executes ? Promise.resolve() : loop.barrier.wait(key))
      .then(() => carryOut(runner, trigger.input, decision, ctx.invocationId))
      .then((result) => {
        run.result = result;
        return result;
      }),
    result: undefined,
  };
  loop.pending.set(name, run);
}

/** Executes, fails or replays a graph node's run as `decision` says. */
function carryOut(
  runner: NodeRunner,
  nodeInput: unknown,
  decision: ReplayDecision,
  invocationId: string,
): Promise<NodeRunContext> | NodeRunContext {
  switch (decision.kind) {
    case 'run':
      return runner.run(nodeInput, { resumeInputs: decision.resumeInputs });
    case 'not-resumable':
      return runner.fail(
        nodeInput,
        notResumableError(runner.nodePath, invocationId, decision.pending),
      );
    case 'replay':
      return runner.replay(nodeInput, {
        output: decision.output,
        route: decision.route,
        interrupts: [],
      });
    case 'wait':
      return runner.replay(nodeInput, {
        output: undefined,
        route: undefined,
        interrupts: decision.interrupts,
      });
  }
}

/** Records a finished run and queues its successors (Python `_handle_completion`). */
async function handleCompletion(
  spec: WorkflowGraphSpec,
  loop: WorkflowLoopState,
  name: string,
  child: NodeRunContext,
  ctx: NodeRunContext,
): Promise<void> {
  const state = loop.nodes.get(name) ?? createNodeState();
  loop.nodes.set(name, state);
  const node = spec.graph.getNode(name);
  const replayed = loop.replayed.delete(name);
  if (child.interruptIds.size > 0) {
    state.status = NodeStatus.WAITING;
    state.interrupts = [...child.interruptIds];
    for (const id of child.interruptIds) loop.interruptIds.add(id);
    await emitNodeCheckpoint(spec.name, loop, ctx);
    return;
  }
  const output = child.output;
  const hasOutput = output !== undefined && output !== null;
  if (node?.waitForOutput && !hasOutput && child.route === undefined) {
    state.status = NodeStatus.WAITING;
    await emitNodeCheckpoint(spec.name, loop, ctx);
    return;
  }
  state.status = NodeStatus.COMPLETED;
  state.resumeInputs = {};
  if (hasOutput) loop.nodeOutputs.set(name, output);
  loop.nodeBranches.set(name, child.invocation.branch);
  recordJoinArrivals(spec.graph, loop, name);
  if (replayed) await reemitReplayedOutput(spec.name, child, ctx);
  else await emitNodeCheckpoint(spec.name, loop, ctx);
  bufferDownstreamTriggers(spec.graph, loop, name, output, child.route, child.invocation.branch);
}

/**
 * How a resumed workflow treats the run about to start: executed (fresh, or
 * again with the user's answers) or replayed from its recorded outcome.
 */
function replayDecisionFor(
  loop: WorkflowLoopState,
  node: BaseNode,
  name: string,
  runId: string,
  resumable: boolean,
): ReplayDecision {
  const recovered = loop.recovered.get(`${name}@${runId}`);
  if (!recovered) return { kind: 'run', resumeInputs: {} };
  return decideReplay(node, recovered, { resumable });
}

/** Cancels the runs still going and waits for them to stop (Python `_cleanup_all_tasks`). */
async function cancelPending(loop: WorkflowLoopState): Promise<void> {
  const runs = [...loop.pending];
  for (const [, run] of runs) run.runner.cancel();
  await Promise.all(runs.map(([, run]) => run.promise));
  for (const [name] of runs) {
    const state = loop.nodes.get(name);
    if (state) state.status = NodeStatus.CANCELLED;
  }
  loop.pending.clear();
}

/** The terminal output becomes the workflow's, or its interrupts are reported (Python `_finalize`). */
function finalize(spec: WorkflowGraphSpec, loop: WorkflowLoopState, ctx: NodeRunContext): void {
  if (loop.interruptIds.size > 0) {
    ctx.setInterruptIds(loop.interruptIds);
    return;
  }
  const outputs: unknown[] = [];
  for (const name of spec.graph.terminalNodeNames) {
    if (loop.nodeOutputs.has(name)) outputs.push(loop.nodeOutputs.get(name));
  }
  if (outputs.length > 1) {
    throw new WorkflowConfigurationError({
      message: `Workflow ${spec.name}: multiple terminal nodes produced output (${outputs.length}). A workflow must have at most one terminal output.`,
      nodeName: spec.name,
    });
  }
  if (outputs.length === 1) {
    ctx.outputDelegated = true;
    ctx.recordOutput(spec.validateOutput(outputs[0]));
  }
}
