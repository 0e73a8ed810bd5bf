/**
 * Replays recorded runs in the order they finished (Python
 * `ReplaySequenceBarrier`). `sequence` lists the keys (`<name>@<runId>`) of a
 * workflow's direct children in the order their runs finished in the session.
 * A replayed run waits (`wait`) until every key before its own has finished
 * in this run, replayed or executed again (`advance`); a key not in the
 * sequence does not wait. So the successors a replay triggers are queued in
 * the recorded order and get the recorded run ids and inputs, whatever order
 * the original branches were scheduled in.
 */
export class ReplaySequenceBarrier {
  private readonly sequence: readonly string[];
  private readonly positions: ReadonlyMap<string, number>;
  private index = 0;
  private readonly waiting = new Map<string, () => void>();

  constructor(sequence: readonly string[]) {
    this.sequence = sequence;
    this.positions = new Map(sequence.map((key, position) => [key, position]));
  }

  /** The key's place in the recorded order; Infinity for a key not recorded (Python sorts them last). */
  position(key: string): number {
    return this.positions.get(key) ?? Number.POSITIVE_INFINITY;
  }

  /** Resolves once `key` is the next recorded key (at once when it is not recorded or already past). */
  wait(key: string): Promise<void> {
    const position = this.positions.get(key);
    if (position === undefined || position <= this.index) return Promise.resolve();
    return new Promise<void>((resolve) => this.waiting.set(key, resolve));
  }

  /** Marks `key` finished: when it is the next recorded key, the one after it may go. */
  advance(key: string): void {
    if (this.sequence[this.index] !== key) return;
    this.index += 1;
    this.release();
  }

  /** How many replayed runs are waiting for their turn. */
  get waitingCount(): number {
    return this.waiting.size;
  }

  /**
   * Skips the recorded keys that will not finish in this run (the graph took
   * another path than the record), up to the earliest waiting key, and lets
   * it go. Called when only waiting runs are left, so nothing else could
   * advance the barrier (Python fails on a timeout there instead).
   */
  skipToWaiting(): void {
    let next = Number.POSITIVE_INFINITY;
    for (const key of this.waiting.keys()) next = Math.min(next, this.position(key));
    if (next === Number.POSITIVE_INFINITY) return;
    this.index = next;
    this.release();
  }

  private release(): void {
    const key = this.sequence[this.index];
    if (key === undefined) return;
    const resolve = this.waiting.get(key);
    if (!resolve) return;
    this.waiting.delete(key);
    resolve();
  }
}
