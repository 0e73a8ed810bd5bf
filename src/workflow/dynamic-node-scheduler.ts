import { DynamicNodeFailError } from '../errors/dynamic-node-fail-error.js';
import { NodeInterruptedError } from '../errors/node-interrupted-error.js';
import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import type { BaseNode } from './base-node.js';
import { appendNodePath } from './branch-path.js';
import type { RunNodeOptions } from './node-context.js';
import type { RunnableNode } from './node-like.js';
import { buildNodeOnce } from './build-node.js';
import type { NodeRunContext } from './node-run-context.js';
import { NodeRunner, parentOf } from './node-runner.js';
import { decideReplay, notResumableError, type ReplayDecision } from './replay-decision.js';
import type { RunIdCounter } from './run-id-counter.js';
import { recoverChildRuns, replaySequence, type RecoveredRun } from './workflow-recovery.js';
import { DynamicReplayOrder } from './dynamic-replay-order.js';

import { firstReplayedEventIndex } from './first-replayed-event.js';

/** What the session recorded of one caller's children, and the order to replay them in. */
interface CallerRecords {
  readonly runs: ReadonlyMap<string, RecoveredRun>;
  readonly order: DynamicReplayOrder;
}

/**
 * Runs the nodes that nodes of one workflow start with `ctx.runNode`
 * (Python `DynamicNodeScheduler`, `_schedule_dynamic_node.py`). A child runs
 * inline, awaited by its caller, so the workflow's `maxConcurrency` does not
 * count it. Each child gets the next run id for its name under the caller
 * (`wf@1/a@1/child@1`, `child@2`, …) unless the caller chose one. A child
 * whose run already produced an output, earlier in this workflow run or in
 * an event of this invocation's session, is not run again: its output is
 * returned from that record (results cached by run id). On resume a caller's
 * replayed children settle in the order they finished in the record
 * (`DynamicReplayOrder`, one per caller).
 */
export class DynamicNodeScheduler {
  private readonly built = new WeakMap<object, BaseNode>();
  private readonly outputs = new Map<string, unknown>();
  private readonly inFlight = new Map<NodeRunner, Promise<NodeRunContext>>();
  private readonly byPath = new Map<string, Promise<NodeRunContext>>();
  /** The recorded child runs of each caller and their replay order, by the caller's path. */
  private readonly records = new Map<string, CallerRecords>();

  constructor(private readonly runIds: RunIdCounter) {}

  /** `ctx.runNode(node, nodeInput, options)` for `parent`. */
  async runNode(
    parent: NodeRunContext,
    nodeLike: RunnableNode,
    nodeInput: unknown,
    options: RunNodeOptions,
  ): Promise<unknown> {
    const node = buildNodeOnce(nodeLike, this.built);
    const runId = options.runId ?? this.runIds.next(node.name, parent.nodePath);
    const nodePath = appendNodePath(parent.nodePath, node.name, runId);
    const key = `${node.name}@${runId}`;
    const { order } = this.recordsOf(parent);
    order.enter();
    try {
      return await this.runChild(parent, node, nodeInput, runId, nodePath, options);
    } finally {
      order.leave(key);
    }
  }

  /** One child call: replayed from its record (in its recorded turn), or run. */
  private async runChild(
    parent: NodeRunContext,
    node: BaseNode,
    nodeInput: unknown,
    runId: string,
    nodePath: string,
    options: RunNodeOptions,
  ): Promise<unknown> {
    const key = `${node.name}@${runId}`;
    const { order } = this.recordsOf(parent);
    const cached = this.cachedOutput(parent, nodePath);
    if (cached.found) {
      await order.turn(key);
      if (options.useAsOutput) delegateOutput(parent, cached.output);
      return cached.output;
    }
    // A second call for a run still going (same explicit run id) shares it.
    const existing = this.byPath.get(nodePath);
    if (existing) return this.settle(parent, await existing, nodePath, options);
    const decision = this.recordedDecision(parent, node, runId);
    if (decision.kind === 'not-resumable') {
      throw notResumableError(nodePath, parent.invocationId, decision.pending);
    }
    if (decision.kind !== 'run') await order.turn(key);
    if (decision.kind === 'replay') {
      const output = decision.output;
      if (output !== undefined && output !== null) this.outputs.set(nodePath, output);
      if (options.useAsOutput) delegateOutput(parent, output);
      return output;
    }
    if (decision.kind === 'wait') {
      parent.addInterruptIds(decision.interrupts);
      if (options.raiseOnWait) {
        throw new NodeInterruptedError({ interruptIds: [...decision.interrupts], nodePath });
      }
      return undefined;
    }
    const child = await this.start(parent, node, nodeInput, runId, nodePath, {
      ...options,
      resumeInputs: decision.resumeInputs,
    });
    return this.settle(parent, child, nodePath, options);
  }

  private start(
    parent: NodeRunContext,
    node: BaseNode,
    nodeInput: unknown,
    runId: string,
    nodePath: string,
    options: RunNodeOptions & { resumeInputs?: Record<string, unknown> },
  ): Promise<NodeRunContext> {
    const runner = new NodeRunner({
      node,
      parent: parentOf(parent),
      runId,
      ...(options.useAsOutput ? { useAsOutput: true } : {}),
      ...(options.useSubBranch ? { useSubBranch: true } : {}),
      ...(options.overrideBranch === undefined ? {} : { overrideBranch: options.overrideBranch }),
      ...(options.overrideIsolationScope === undefined
        ? {}
        : { overrideIsolationScope: options.overrideIsolationScope }),
    });
    const running = runner
      .run(nodeInput, { resumeInputs: options.resumeInputs ?? {} })
      .finally(() => {
        this.inFlight.delete(runner);
        this.byPath.delete(nodePath);
      });
    this.inFlight.set(runner, running);
    this.byPath.set(nodePath, running);
    return running;
  }

  /** What `runNode` resolves to for a finished child: its output, or its failure thrown. */
  private settle(
    parent: NodeRunContext,
    child: NodeRunContext,
    nodePath: string,
    options: RunNodeOptions,
  ): unknown {
    if (child.error !== undefined) {
      throw new DynamicNodeFailError({
        error: child.error,
        errorNodePath: child.errorNodePath ?? child.nodePath,
      });
    }
    if (child.interruptIds.size > 0) {
      parent.addInterruptIds(child.interruptIds);
      if (options.raiseOnWait) {
        throw new NodeInterruptedError({ interruptIds: [...child.interruptIds], nodePath });
      }
      return undefined;
    }
    const output = child.output;
    if (output !== undefined && output !== null) this.outputs.set(nodePath, output);
    else if (options.raiseOnWait && child.node.waitForOutput && !child.actions.transferToAgent) {
      // A node that waits for its output ended without one: it waits (Python `run_node`).
      throw new NodeInterruptedError({ interruptIds: [], nodePath });
    }
    if (options.useAsOutput) delegateOutput(parent, output);
    return output;
  }

  /**
   * Waits for the children still running when the graph has nothing left to
   * do: those a node started without awaiting `ctx.runNode` (Python
   * `_surface_detached_dynamic_outcome`). Resolves to the first failure among
   * them: a child's error, or a WorkflowConfigurationError for a child that
   * stopped on an interrupt (a detached child cannot be resumed).
   */
  async settleDetached(): Promise<{ error: unknown; nodePath: string } | undefined> {
    const runs = [...this.inFlight.values()];
    const children = await Promise.all(runs);
    for (const child of children) {
      if (child.error !== undefined) {
        return { error: child.error, nodePath: child.errorNodePath ?? child.nodePath };
      }
      if (child.interruptIds.size > 0) {
        const error = new WorkflowConfigurationError({
          message:
            'A dynamic node started without awaiting ctx.runNode() requested human input, but a detached node cannot be resumed. Await ctx.runNode() directly.',
          nodeName: child.node.name,
        });
        return { error, nodePath: child.nodePath };
      }
    }
    return undefined;
  }

  /** Cancels every child still running and waits for them to stop. */
  async cancelAll(): Promise<void> {
    const runs = [...this.inFlight];
    for (const [runner] of runs) runner.cancel();
    await Promise.all(runs.map(([, promise]) => promise));
  }

  /**
   * What a resumed workflow does with a child the session already recorded
   * under `parent` (Python `check_interception` for dynamic nodes): its
   * answered interrupts become its output or its resume inputs, unanswered
   * ones keep it waiting. A child with no record runs.
   */
  private recordedDecision(parent: NodeRunContext, node: BaseNode, runId: string): ReplayDecision {
    const { runs } = this.recordsOf(parent);
    const recovered = runs.get(`${node.name}@${runId}`);
    if (!recovered) return { kind: 'run', resumeInputs: {} };
    const decision = decideReplay(node, recovered, {
      resumable: parent.invocation.isResumable,
    });
    // A child that finished without output before is not fast-forwarded to
    // nothing: it runs again (Python lets crashed dynamic runs re-execute).
    if (decision.kind === 'replay' && recovered.interruptIds.size === 0) {
      const hasOutcome =
        (recovered.output !== undefined && recovered.output !== null) ||
        recovered.route !== undefined;
      if (!hasOutcome) return { kind: 'run', resumeInputs: {} };
    }
    return decision;
  }

  /** The recorded child runs of `parent` and their replay order, read once per caller. */
  private recordsOf(parent: NodeRunContext): CallerRecords {
    let records = this.records.get(parent.nodePath);
    if (!records) {
      const runs = recoverChildRuns(
        parent.invocation,
        parent.nodePath,
        parent.services.replayInvocationIds ?? new Set([parent.invocationId]),
      );
      records = { runs, order: new DynamicReplayOrder(replaySequence(runs)) };
      this.records.set(parent.nodePath, records);
    }
    return records;
  }

  private cachedOutput(
    parent: NodeRunContext,
    nodePath: string,
  ): { found: true; output: unknown } | { found: false } {
    if (this.outputs.has(nodePath)) return { found: true, output: this.outputs.get(nodePath) };
    const invocationIds = parent.services.replayInvocationIds ?? new Set([parent.invocationId]);
    const events = parent.invocation.session.events;
    for (
      let index = firstReplayedEventIndex(parent.invocation, invocationIds);
      index < events.length;
      index++
    ) {
      const event = events[index]!;
      if (!invocationIds.has(event.invocationId)) continue;
      if (event.nodeInfo?.path !== nodePath) continue;
      if (event.output === undefined || event.output === null) continue;
      this.outputs.set(nodePath, event.output);
      return { found: true, output: event.output };
    }
    return { found: false };
  }
}

/** The child's output stands for the caller's: the caller sends none of its own. */
function delegateOutput(parent: NodeRunContext, output: unknown): void {
  parent.recordOutput(output);
  parent.outputDelegated = true;
}
