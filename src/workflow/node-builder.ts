import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import type { BaseNode } from './base-node.js';
import { buildNode, type BuildNodeOptions } from './build-node.js';
import type { NodeLike } from './node-like.js';
import { ParallelWorker } from './parallel-worker.js';

/** Options of `node()` (adk-js `NodeOptions`): the node's fields, and the parallel-worker wrap. */
export type NodeOptions = BuildNodeOptions & {
  /** Wrap the node in a `ParallelWorker`: it then runs once per item of a list input. */
  parallelWorker?: boolean;
  /** With `parallelWorker`: at most this many items at once (no limit when unset). */
  maxConcurrency?: number;
};

/**
 * Builds a node from something that can stand for one (Python `build_node`,
 * adk-js `node()`): a node as it is, a function as a `FunctionNode`, a tool
 * as a `ToolNode`, an agent as an `AgentNode` (a `Workflow` as its graph
 * node), `'START'` as START; see `buildNode`. With `parallelWorker: true`
 * the node is wrapped in a `ParallelWorker` (limited by `maxConcurrency`);
 * the other options then apply to the wrapped node, which must not be
 * START.
 */
export function node(nodeLike: NodeLike, options: NodeOptions = {}): BaseNode {
  const { parallelWorker, maxConcurrency, ...rest } = options;
  if (!parallelWorker) {
    if (maxConcurrency !== undefined) {
      throw new WorkflowConfigurationError({
        message: 'node(): maxConcurrency applies only with parallelWorker: true.',
      });
    }
    return buildNode(nodeLike, rest);
  }
  return new ParallelWorker({
    node: nodeLike === 'START' ? nodeLike : buildNode(nodeLike, rest),
    ...(maxConcurrency === undefined ? {} : { maxConcurrency }),
  });
}
