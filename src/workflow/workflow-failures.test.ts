import { describe, expect, it } from 'vitest';
import { NodeTimeoutError } from '../errors/node-timeout-error.js';
import type { NodeContext } from './node-context.js';
import { FunctionNode } from './function-node.js';
import type { RetryConfig } from './retry-config.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { TestClock, deferred, outputsByPath, runWorkflow } from './workflow-run-test-fixtures.js';

class CustomRetryableError extends Error {}
class CustomNonRetryableError extends Error {}

/** A node that fails until its `succeedOn`-th attempt, recording ctx.attemptCount. */
function flaky(
  succeedOn: number,
  makeError: () => Error,
  retryConfig: RetryConfig | undefined,
): { node: FunctionNode; attempts: number[] } {
  const attempts: number[] = [];
  const node = new FunctionNode(
    'flaky',
    (ctx: NodeContext) => {
      attempts.push(ctx.attemptCount);
      if (attempts.length < succeedOn) throw makeError();
      return 'B';
    },
    retryConfig ? { retryConfig } : {},
  );
  return { node, attempts };
}

const a = () => new FunctionNode('a', () => 'A');
const c = () => new FunctionNode('c', () => 'C');

describe('Workflow failures and retries (issue 17 §4, test_workflow_failures.py)', () => {
  it('retries a matching error with ctx.attemptCount 1, 2, 3 and an error event per failed attempt', async () => {
    const { node, attempts } = flaky(3, () => new CustomRetryableError('Simulated failure'), {
      initialDelay: 0,
      exceptions: ['CustomRetryableError'],
    });
    const clock = new TestClock();
    const wf = new Workflow({ name: 'wf', edges: [[START, a(), node, c()]], clock });
    const run = await runWorkflow(wf);
    expect(run.error).toBeUndefined();
    expect(attempts).toEqual([1, 2, 3]);
    expect(outputsByPath(run.events)).toEqual([
      ['wf@1/a@1', 'A'],
      ['wf@1/flaky@1', 'B'],
      ['wf@1/c@1', 'C'],
    ]);
    const errors = run.stored.filter((event) => event.errorCode !== undefined);
    expect(
      errors.map((event) => [
        event.errorCode,
        event.errorMessage,
        event.nodeInfo?.path,
        event.author,
      ]),
    ).toEqual([
      ['CustomRetryableError', 'Simulated failure', 'wf@1/flaky@1', 'flaky'],
      ['CustomRetryableError', 'Simulated failure', 'wf@1/flaky@1', 'flaky'],
    ]);
  });

  it('sleeps the backoff delays between attempts (initialDelay · backoffFactor^(n−1), no jitter)', async () => {
    const { node } = flaky(4, () => new CustomRetryableError('x'), {
      initialDelay: 2,
      maxAttempts: 5,
      backoffFactor: 3,
      jitter: 0,
    });
    const clock = new TestClock();
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, node]], clock }));
    expect(run.error).toBeUndefined();
    expect(clock.sleeps).toEqual([2, 6, 18]);
  });

  it('does not retry an error not named in exceptions: the run throws it after its error event', async () => {
    const { node, attempts } = flaky(2, () => new CustomNonRetryableError('Unexpected failure'), {
      initialDelay: 0,
      exceptions: ['CustomRetryableError'],
    });
    const wf = new Workflow({
      name: 'wf',
      edges: [[START, a(), node, c()]],
      clock: new TestClock(),
    });
    const run = await runWorkflow(wf);
    expect(run.error).toBeInstanceOf(CustomNonRetryableError);
    expect((run.error as Error).message).toBe('Unexpected failure');
    expect(attempts).toEqual([1]);
    expect(outputsByPath(run.stored)).toEqual([['wf@1/a@1', 'A']]);
    expect(run.stored.at(-1)).toMatchObject({
      errorCode: 'CustomNonRetryableError',
      errorMessage: 'Unexpected failure',
    });
  });

  it('throws the error once maxAttempts (counting the first) are used up', async () => {
    const { node, attempts } = flaky(5, () => new CustomRetryableError('Persisted failure'), {
      initialDelay: 0,
      maxAttempts: 3,
    });
    const run = await runWorkflow(
      new Workflow({ name: 'wf', edges: [[START, a(), node, c()]], clock: new TestClock() }),
    );
    expect((run.error as Error).message).toBe('Persisted failure');
    expect(attempts).toEqual([1, 2, 3]);
    expect(run.stored.filter((event) => event.errorCode)).toHaveLength(3);
    expect(outputsByPath(run.stored)).toEqual([['wf@1/a@1', 'A']]);
  });

  it('fails at once without a retry config, and retries every error with an empty one', async () => {
    const without = flaky(2, () => new TypeError('Any failure'), undefined);
    const failed = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, without.node]] }));
    expect(failed.error).toBeInstanceOf(TypeError);
    expect(without.attempts).toEqual([1]);

    const empty = flaky(2, () => new TypeError('Another failure'), {});
    const clock = new TestClock();
    const retried = await runWorkflow(
      new Workflow({ name: 'wf', edges: [[START, empty.node]], clock }),
    );
    expect(retried.error).toBeUndefined();
    expect(empty.attempts).toEqual([1, 2]);
    expect(clock.sleeps).toHaveLength(1);
  });

  it('cancels running siblings when a node fails for good and sends none of their later events', async () => {
    const started = deferred();
    let siblingAborted = false;
    const sibling = new FunctionNode('sibling', async (ctx: NodeContext) => {
      started.resolve();
      await new Promise<void>((resolve) =>
        ctx.abortSignal?.addEventListener('abort', () => resolve()),
      );
      siblingAborted = true;
      return 'too late';
    });
    const failing = new FunctionNode('failing', async () => {
      await started.promise;
      throw new Error('boom');
    });
    const wf = new Workflow({ name: 'wf', edges: [[START, [sibling, failing]]] });
    const run = await runWorkflow(wf);
    expect((run.error as Error).message).toBe('boom');
    expect(siblingAborted).toBe(true);
    expect(run.stored.some((event) => event.output === 'too late')).toBe(false);
  });

  it('fails a node that outlives its timeout with NodeTimeoutError, retried like any error', async () => {
    const clock = new TestClock(false);
    let calls = 0;
    const slow = new FunctionNode(
      'slow',
      async (ctx: NodeContext) => {
        calls += 1;
        if (calls === 1) {
          await new Promise<void>((resolve) =>
            ctx.abortSignal?.addEventListener('abort', () => resolve()),
          );
          return 'never sent';
        }
        return 'second attempt';
      },
      { timeout: 5, retryConfig: { initialDelay: 0, maxAttempts: 2 } },
    );
    const wf = new Workflow({ name: 'wf', edges: [[START, slow]], clock });
    const running = runWorkflow(wf);
    await clock.fire(5);
    await clock.fire(0);
    const run = await running;
    expect(run.error).toBeUndefined();
    const error = run.stored.find((event) => event.errorCode);
    expect(error).toMatchObject({
      errorCode: 'NodeTimeoutError',
      errorMessage: "Node 'slow' timed out after 5.0 seconds.",
    });
    expect(outputsByPath(run.stored)).toEqual([['wf@1/slow@1', 'second attempt']]);
  });

  it('throws NodeTimeoutError when the time limit is hit and no retry is left', async () => {
    const clock = new TestClock(false);
    const stuck = new FunctionNode(
      'stuck',
      (ctx: NodeContext) =>
        new Promise((resolve) => ctx.abortSignal?.addEventListener('abort', () => resolve('late'))),
      { timeout: 0.5 },
    );
    const running = runWorkflow(new Workflow({ name: 'wf', edges: [[START, stuck]], clock }));
    await clock.fire(0.5);
    const run = await running;
    expect(NodeTimeoutError.isInstance(run.error)).toBe(true);
    expect(outputsByPath(run.stored)).toEqual([]);
  });
});
