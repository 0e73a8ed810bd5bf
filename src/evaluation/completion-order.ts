interface Settled<R> {
  readonly id: number;
  readonly ok: boolean;
  readonly result?: R;
  readonly error?: unknown;
}

/**
 * Runs `task` on every item, at most `limit` at a time, and yields the
 * results as they complete (Python's semaphore plus `asyncio.as_completed`).
 * A task that throws makes the generator throw its error at once; as when
 * the iteration is stopped early, the tasks already running finish on their
 * own and no new one starts.
 */
export async function* inCompletionOrder<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): AsyncGenerator<R, void, undefined> {
  const width = Math.max(1, Math.floor(limit) || 1);
  let next = 0;
  const running = new Map<number, Promise<Settled<R>>>();
  const start = (): void => {
    const id = next++;
    running.set(
      id,
      task(items[id] as T).then(
        (result): Settled<R> => ({ id, ok: true, result }),
        (error: unknown): Settled<R> => ({ id, ok: false, error }),
      ),
    );
  };
  while (next < items.length && running.size < width) start();
  while (running.size > 0) {
    const settled = await Promise.race(running.values());
    running.delete(settled.id);
    if (!settled.ok) throw settled.error;
    if (next < items.length) start();
    yield settled.result as R;
  }
}
