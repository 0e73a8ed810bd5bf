import type { RouteValue } from '../events/event-actions.js';
import { setOwn } from '../utils/get-own.js';
import { commonBranchPrefix } from './branch-path.js';
import type { Graph } from './graph.js';
import { START_NODE_NAME } from './start.js';
import type { WorkflowLoopState } from './workflow-loop-state.js';

/**
 * Queues the first triggers of a run (Python `_seed_start_triggers`): one per
 * successor of START, with the workflow's input; several successors each run
 * on their own sub-branch. A wait-for-all successor (JoinNode) counts START
 * as arrived and fires only when its other predecessors have too.
 */
export function seedStartTriggers(
  graph: Graph,
  loop: WorkflowLoopState,
  input: unknown,
  branch: string | undefined,
): void {
  const startEdges = graph.edges.filter((edge) => edge.fromNode.name === START_NODE_NAME);
  const useSubBranch = startEdges.length > 1;
  for (const edge of startEdges) {
    if (edge.toNode.requiresAllPredecessors) {
      loop.nodeOutputs.set(START_NODE_NAME, input);
      loop.nodeBranches.set(START_NODE_NAME, branch);
      bufferBarrierTrigger(graph, loop, edge.toNode.name);
      continue;
    }
    loop.pushTrigger(edge.toNode.name, { input, useSubBranch });
  }
}

/**
 * Notes `nodeName`'s completion for every wait-for-all successor (Python
 * `_record_join_arrivals`).
 */
export function recordJoinArrivals(graph: Graph, loop: WorkflowLoopState, nodeName: string): void {
  for (const edge of graph.edges) {
    if (edge.fromNode.name !== nodeName || !edge.toNode.requiresAllPredecessors) continue;
    const arrivals = loop.joinArrivals.get(edge.toNode.name);
    if (arrivals) arrivals.add(nodeName);
    else loop.joinArrivals.set(edge.toNode.name, new Set([nodeName]));
  }
}

/**
 * Queues `target` once every predecessor completed since it last fired
 * (Python `_buffer_barrier_trigger`); its input is their outputs by name and
 * its branch the common prefix of theirs. Firing consumes the arrivals, so
 * in a loop it waits for each predecessor's next run.
 */
export function bufferBarrierTrigger(graph: Graph, loop: WorkflowLoopState, target: string): void {
  const predecessors = graph.getPredecessorNames(target);
  const arrivals = loop.joinArrivals.get(target) ?? new Set<string>();
  if (!predecessors.every((name) => name === START_NODE_NAME || arrivals.has(name))) return;
  loop.joinArrivals.delete(target);
  const outputs: Record<string, unknown> = {};
  for (const name of predecessors) {
    setOwn(outputs, name, loop.nodeOutputs.get(name));
  }
  const branch = commonBranchPrefix(predecessors.map((name) => loop.nodeBranches.get(name)));
  loop.pushTrigger(target, { input: outputs, useSubBranch: false, branch });
}

/**
 * Queues the successors of a completed node (Python
 * `_buffer_downstream_triggers`): those `Graph.getNextPendingNodes` picks for
 * its route, with its output as input and its branch as base; several
 * successors (a fan-out) each get their own sub-branch.
 */
export function bufferDownstreamTriggers(
  graph: Graph,
  loop: WorkflowLoopState,
  nodeName: string,
  output: unknown,
  route: RouteValue | RouteValue[] | undefined,
  branch: string | undefined,
): void {
  const next = graph.getNextPendingNodes(nodeName, route);
  const useSubBranch = next.length > 1;
  for (const target of next) {
    const targetNode = graph.getNode(target);
    if (targetNode?.requiresAllPredecessors) {
      bufferBarrierTrigger(graph, loop, target);
      continue;
    }
    loop.pushTrigger(target, { input: output, useSubBranch, branch });
  }
}
