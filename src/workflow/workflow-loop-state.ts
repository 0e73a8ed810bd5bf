import type { RecoveredRun } from './workflow-recovery.js';
import type { NodeRunContext } from './node-run-context.js';
import type { NodeRunner } from './node-runner.js';
import type { NodeState } from './node-state.js';
import { ReplaySequenceBarrier } from './replay-sequence-barrier.js';
import { RunIdCounter } from './run-id-counter.js';

/** A request to run a node once (Python `Trigger`). */
export interface Trigger {
  /** The node's input: its predecessor's output (a JoinNode's: outputs by predecessor). */
  input: unknown;
  /** Run on its own sub-branch, `<branch>.<name>@<runId>` (one of several successors). */
  useSubBranch: boolean;
  /** The base branch: the predecessor's; undefined means the workflow's own. */
  branch?: string | undefined;
}

/** A node run in progress, in scheduling order. */
export interface PendingRun {
  readonly runner: NodeRunner;
  /** `<name>@<runId>`, the run's key in the recorded replay order. */
  readonly key: string;
  readonly promise: Promise<NodeRunContext>;
  /** Set when `promise` has settled. */
  result: NodeRunContext | undefined;
}

/**
 * Everything one run of a workflow's graph keeps in memory (Python
 * `_LoopState`). Nothing here is stored: what a later run needs is
 * rebuilt from the session's events.
 */
export class WorkflowLoopState {
  /** Static node states, by node name. */
  readonly nodes = new Map<string, NodeState>();
  /** The latest output of each completed node, by name (START's is the workflow's input). */
  readonly nodeOutputs = new Map<string, unknown>();
  /** The branch each completed node ran on, by name. */
  readonly nodeBranches = new Map<string, string | undefined>();
  /** Predecessors completed since each wait-for-all node last fired, by that node's name. */
  readonly joinArrivals = new Map<string, Set<string>>();
  /** Triggers waiting to be dispatched, by target name, in arrival order. */
  readonly triggerBuffer = new Map<string, Trigger[]>();
  /** Running static nodes, by name, in scheduling order. */
  readonly pending = new Map<string, PendingRun>();
  /** Interrupt ids the workflow waits on. */
  readonly interruptIds = new Set<string>();
  /** Run ids for static and dynamic nodes. */
  readonly runIds = new RunIdCounter();
  /** Set when a node failed for good and the loop shut down. */
  errorShutDown = false;
  /** Earlier runs of the children recorded in the session, by `<name>@<runId>` (resume). */
  recovered = new Map<string, RecoveredRun>();
  /** Nodes whose pending run is a replay of a recorded run, not an execution. */
  readonly replayed = new Set<string>();
  /** Lets replayed runs finish in their recorded order (resume). */
  barrier = new ReplaySequenceBarrier([]);

  /** Queues a trigger for `target`. */
  pushTrigger(target: string, trigger: Trigger): void {
    const queue = this.triggerBuffer.get(target);
    if (queue) queue.push(trigger);
    else this.triggerBuffer.set(target, [trigger]);
  }

  /** Takes `target`'s oldest trigger, if any. */
  popTrigger(target: string): Trigger | undefined {
    const queue = this.triggerBuffer.get(target);
    const trigger = queue?.shift();
    if (queue && queue.length === 0) this.triggerBuffer.delete(target);
    return trigger;
  }
}
