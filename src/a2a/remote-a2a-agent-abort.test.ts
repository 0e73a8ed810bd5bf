import { afterEach, describe, expect, it } from 'vitest';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { setLogger } from '../utils/logger.js';
import { RemoteA2aAgent } from './remote-a2a-agent.js';
import { startSampleA2aServer, type SampleA2aServer } from './remote-a2a-test-fixtures.js';

/**
 * Runs the remote agent alone on `hold`, stoppable through `signal`;
 * `sawTask` resolves when an event showed the remote task (or the run ended).
 */
function runHold(agent: RemoteA2aAgent, signal: AbortSignal) {
  let markSeen: () => void = () => undefined;
  const seen = new Promise<void>((resolve) => (markSeen = resolve));
  const done = (async () => {
    const runner = new InMemoryRunner({ agent, appName: 'app' });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const events: Event[] = [];
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: 's',
      newMessage: { role: 'user', parts: [{ text: 'hold' }] },
      abortSignal: signal,
    })) {
      events.push(event);
      if (event.customMetadata?.['a2a:task_id']) markSeen();
    }
    return events;
  })();
  const sawTask = Promise.race([seen, done.then(() => undefined)]);
  // Both are observed by the tests, when at all; an expected rejection is not unhandled.
  done.catch(() => undefined);
  sawTask.catch(() => undefined);
  return { done, sawTask };
}

describe('RemoteA2aAgent when its invocation is aborted (SDK sample server)', () => {
  let server: SampleA2aServer | undefined;
  const warnings: string[] = [];

  afterEach(async () => {
    setLogger();
    warnings.length = 0;
    server?.executor.release();
    await server?.close();
    server = undefined;
  });

  function captureWarnings(): void {
    const ignore = (): void => undefined;
    setLogger({
      debug: ignore,
      info: ignore,
      warn: (message) => void warnings.push(message),
      error: ignore,
    });
  }

  it('a remote whose tasks/cancel never answers: the cancel gives up after cancelTimeoutMs, is logged, and the abort reason is thrown', async () => {
    server = await startSampleA2aServer({ streaming: true });
    captureWarnings();
    const agent = new RemoteA2aAgent({
      name: 'remote',
      agentCard: server.card,
      cancelTimeoutMs: 200,
    });
    const controller = new AbortController();
    const run = runHold(agent, controller.signal);
    await server.executor.holding;
    await run.sawTask;
    const reason = new Error('stopped by the user');

    controller.abort(reason);

    await expect(run.done).rejects.toBe(reason);
    const taskId = server.executor.received.at(-1)!.taskId;
    expect(server.executor.cancelRequests).toEqual([taskId]);
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(`^Failed to cancel remote A2A task ${taskId} of agent remote: `),
      ),
    ]);
  });

  it('without streaming, the first request has no task id before its answer: nothing is cancelled, the abort is thrown', async () => {
    server = await startSampleA2aServer({ streaming: false });
    captureWarnings();
    const agent = new RemoteA2aAgent({ name: 'remote', agentCard: server.card });
    const controller = new AbortController();
    const run = runHold(agent, controller.signal);
    await server.executor.holding;

    controller.abort();

    await expect(run.done).rejects.toBe(controller.signal.reason);
    expect(server.executor.cancelRequests).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
