import type { Event } from '../events/event.js';

type Message =
  | { kind: 'event'; event: Event; resume: () => void }
  | { kind: 'done' }
  | { kind: 'error'; error: unknown };

/**
 * Interleaves the events of several agent runs as they come (Python
 * `_merge_agent_run`). Each run is paused after yielding until the consumer
 * has taken its event, so an agent resumes only after the Runner committed
 * what it yielded. The first failure ends the merge with that error; `stop`
 * is called then (and when the consumer stops early) so the other runs can
 * abort their work.
 */
export async function* mergeAgentRuns(
  runs: readonly AsyncGenerator<Event, void, undefined>[],
  stop: () => void,
): AsyncGenerator<Event, void, undefined> {
  const queue: Message[] = [];
  let wake: (() => void) | undefined;
  let stopped = false;
  const send = (message: Message): void => {
    queue.push(message);
    wake?.();
    wake = undefined;
  };

  const pump = async (run: AsyncGenerator<Event, void, undefined>): Promise<void> => {
    try {
      for await (const event of run) {
        if (stopped) return;
        await new Promise<void>((resume) => send({ kind: 'event', event, resume }));
        if (stopped) return;
      }
      send({ kind: 'done' });
    } catch (error) {
      send({ kind: 'error', error });
    }
  };

  for (const run of runs) void pump(run);
  let running = runs.length;
  let completed = false;
  try {
    while (running > 0) {
      if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const message = queue.shift()!;
      if (message.kind === 'done') {
        running -= 1;
      } else if (message.kind === 'error') {
        throw message.error;
      } else {
        yield message.event;
        message.resume();
      }
    }
    completed = true;
  } finally {
    stopped = true;
    if (!completed) stop();
    // Release runs still waiting for their event to be taken, so they can close.
    for (const message of queue) if (message.kind === 'event') message.resume();
  }
}
