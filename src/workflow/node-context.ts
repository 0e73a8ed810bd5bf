import type { Context } from '../context/context.js';
import type { RouteValue } from '../events/event-actions.js';
import type { BaseNode } from './base-node.js';
import type { RunnableNode } from './node-like.js';

/** How `ctx.runNode` runs a child node (Python `Context.run_node` keywords). */
export interface RunNodeOptions {
  /** The child's output is also the caller's output; the caller's own output event is then not emitted. */
  useAsOutput?: boolean;
  /** A run id of the caller's choosing; by default the next number for that node name. */
  runId?: string;
  /** Run the child on its own sub-branch, `<branch>.<name>@<runId>`. */
  useSubBranch?: boolean;
  /** Run the child on this branch instead of the caller's. */
  overrideBranch?: string;
  /** Run the child in this isolation scope instead of the caller's. */
  overrideIsolationScope?: string;
  /** Throw the interrupt signal when the child stops on an interrupt, instead of returning undefined. */
  raiseOnWait?: boolean;
}

/**
 * What a workflow node runs against (ADK 2.x `Context` in a workflow; adk-js
 * `NodeContext`). It is the unified `Context` (state, actions, artifacts,
 * memory, credentials) plus the node's place in the run and the values the
 * node hands back to the scheduler.
 *
 * Contract between a node and the scheduler, which implements it (one
 * context per node attempt, made by the node runner):
 * - `output` may be set at most once per run; setting it again throws. A
 *   node either sets it or yields values: `BaseNode.run` turns each yielded
 *   value into an output event, and the runner records that value here.
 * - `route` is read after the run to pick outgoing edges
 *   (`Graph.getNextPendingNodes`); it can be set without an output.
 * - `interruptIds` collects the ids of long-running calls the node yielded
 *   (`RequestInput` events); a node with interrupt ids ends WAITING, never
 *   with an output.
 * - `resumeInputs` holds the answers to this node's earlier interrupts, by id,
 *   when it runs again after a pause (`rerunOnResume: true`).
 * - Writes to `state` land in `actions.stateDelta`, which the runner attaches
 *   to the node's next event.
 */
export interface NodeContext extends Context {
  /** The node this context runs. */
  readonly node: BaseNode;
  /** The input the node was triggered with (after its input schema). */
  readonly nodeInput: unknown;
  /** The context of the node that runs this one (the workflow, or a `runNode` caller). */
  readonly parentContext: NodeContext | undefined;
  /** The node's path, `wf@1/a@1` (Python `node_path`); empty for a root. */
  readonly nodePath: string;
  /** This run's id within the parent (`1`, `2`, … or a caller's own). */
  readonly runId: string;
  /** The attempt now running, from 1 (004 §2: in memory only). */
  readonly attemptCount: number;
  /** Answers to this node's interrupts, keyed by interrupt id. */
  readonly resumeInputs: Readonly<Record<string, unknown>>;
  /** The node's result; set at most once per run. */
  output: unknown;
  /** The route(s) that choose the node's outgoing conditional edges. */
  route: RouteValue | RouteValue[] | undefined;
  /** Interrupt ids raised during this run (read-only copy). */
  readonly interruptIds: ReadonlySet<string>;
  /** Author stamped on the node's events; empty means the node's name. */
  eventAuthor: string;
  /** Scope tag isolating a task agent's conversation, inherited from the parent. */
  isolationScope: string | undefined;
  /** Fires when the node is cancelled or times out; long work should stop. */
  readonly abortSignal: AbortSignal | undefined;
  /**
   * Runs `node` as a child of this node and resolves to its output (Python
   * `Context.run_node`). Results are cached by run id, so a resumed workflow
   * does not run finished children again. Resolves to undefined when the
   * child stopped on an interrupt (unless `raiseOnWait`).
   */
  runNode(node: RunnableNode, nodeInput?: unknown, options?: RunNodeOptions): Promise<unknown>;
}
