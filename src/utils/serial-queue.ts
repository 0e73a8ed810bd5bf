/**
 * Runs asynchronous tasks one at a time, in the order they were handed in.
 * A task starts once every earlier task has settled; a failed task rejects
 * its own promise only, so the tasks behind it still run.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  /** Queues `task` behind the earlier ones; resolves or rejects as it does. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    // The chain must not reject, or a failure would skip the tasks behind it.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
