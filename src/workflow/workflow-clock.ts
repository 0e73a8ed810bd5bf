/**
 * The time and randomness the workflow scheduler depends on: the sleep before
 * a retry, a node's time limit and the retry jitter. The default is the real
 * clock; tests pass their own so they never wait real seconds.
 */
export interface WorkflowClock {
  /**
   * Resolves after `seconds`, or as soon as `signal` aborts (then it resolves
   * too: the caller checks the signal). Never rejects.
   */
  sleep(seconds: number, signal?: AbortSignal): Promise<void>;
  /** A number in [0, 1), for retry jitter. */
  random(): number;
}

/** The real clock: `setTimeout` and `Math.random`. */
export const realClock: WorkflowClock = {
  sleep(seconds, signal) {
    return new Promise<void>((resolve) => {
      if (signal?.aborted) {
        resolve();
        return;
      }
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, seconds * 1000));
      signal?.addEventListener('abort', done, { once: true });
    });
  },
  random: () => Math.random(),
};
