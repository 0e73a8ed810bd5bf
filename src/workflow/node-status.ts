/**
 * Where a workflow node is in its lifecycle (Python `NodeStatus`, 004 §3).
 * The numbers are Python's, so a checkpoint written by either runtime reads
 * in the other.
 *
 * WAITING covers two cases, told apart by `NodeState.interrupts`: with
 * interrupt ids the node waits for a human's answer; without, it waits to be
 * triggered again (a join collecting its predecessors).
 */
export const NodeStatus = {
  /** Not ready to run. */
  INACTIVE: 0,
  /** Triggered and ready to run. */
  PENDING: 1,
  /** Running now. */
  RUNNING: 2,
  /** Finished successfully. */
  COMPLETED: 3,
  /** Paused: on an interrupt, or until it is triggered again. */
  WAITING: 4,
  /** Failed after its last attempt. */
  FAILED: 5,
  /** Cancelled, e.g. because a sibling failed. */
  CANCELLED: 6,
} as const;

/** One of the seven `NodeStatus` values. */
export type NodeStatus = (typeof NodeStatus)[keyof typeof NodeStatus];

const NAMES: ReadonlyMap<number, string> = new Map(
  Object.entries(NodeStatus).map(([statusName, value]) => [value, statusName]),
);

/** True when `value` is one of the seven status numbers. */
export function isNodeStatus(value: unknown): value is NodeStatus {
  return typeof value === 'number' && NAMES.has(value);
}

/** The status's name (`COMPLETED` for 3), as Python's enum prints it. */
export function nodeStatusName(status: NodeStatus): string {
  return NAMES.get(status) ?? String(status);
}
