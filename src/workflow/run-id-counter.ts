/**
 * Hands out sequential run ids, `'1'`, `'2'`, …, one sequence per node name
 * under one parent path (Python `_LoopState.next_run_id`), so the paths of
 * a node's runs, `wf@1/a@1`, `wf@1/a@2`, never collide. Ids a caller chose
 * itself do not advance the sequence.
 */
export class RunIdCounter {
  private readonly counters = new Map<string, number>();

  /** The next id for `nodeName` under `parentPath`. */
  next(nodeName: string, parentPath: string): string {
    const key = `${parentPath}\u0000${nodeName}`;
    const value = (this.counters.get(key) ?? 0) + 1;
    this.counters.set(key, value);
    return String(value);
  }
}
