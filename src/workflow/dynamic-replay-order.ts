import { ReplaySequenceBarrier } from './replay-sequence-barrier.js';

/**
 * The replay order of the children one caller starts with `ctx.runNode`
 * (Python keeps a `ReplaySequenceBarrier` per parent path,
 * `ReplayManager.prepare_parent_sequence_barrier`). `sequence` lists the
 * caller's recorded children (`<name>@<runId>`) in the order they finished.
 * A replayed child waits for its `turn` before its recorded outcome is
 * returned; every child call, replayed or executed, ends with `leave`, which
 * lets the next recorded key go. So children started together
 * (`Promise.all`) settle in the recorded order on resume, not in call order.
 *
 * When every child call in progress waits for its turn, the recorded keys
 * before them will not come (the caller took another path this time): the
 * earliest waiting one goes. Python fails there after a 15 s timeout; this
 * decides on the state instead.
 */
export class DynamicReplayOrder {
  private readonly barrier: ReplaySequenceBarrier;
  private active = 0;

  constructor(sequence: readonly string[]) {
    this.barrier = new ReplaySequenceBarrier(sequence);
  }

  /** A child call of the caller begins. */
  enter(): void {
    this.active += 1;
  }

  /** Resolves when `key` is the next recorded key (at once when it is not recorded or already past). */
  turn(key: string): Promise<void> {
    const turn = this.barrier.wait(key);
    this.checkStuck();
    return turn;
  }

  /** The child call `key` ended, however it ended: the key after it may go. */
  leave(key: string): void {
    this.active -= 1;
    this.barrier.advance(key);
    this.checkStuck();
  }

  private checkStuck(): void {
    if (this.barrier.waitingCount === 0) return;
    // Checked once pending jobs have run: calls started together (Promise.all)
    // begin in one synchronous burst and their first microtasks, so by then
    // each has either registered its wait or is running.
    setImmediate(() => {
      const waiting = this.barrier.waitingCount;
      if (waiting > 0 && waiting === this.active) this.barrier.skipToWaiting();
    });
  }
}
