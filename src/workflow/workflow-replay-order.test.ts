import { describe, expect, it } from 'vitest';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import type { Content } from '../types/index.js';
import { FunctionNode } from './function-node.js';
import { ReplaySequenceBarrier } from './replay-sequence-barrier.js';
import { RequestInput } from './request-input.js';
import { createRequestInputResponse } from './request-input-event.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { deferred, ids } from './workflow-run-test-fixtures.js';

async function send(runner: InMemoryRunner, message: Content): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of runner.runAsync({
    userId: ids.userId,
    sessionId: ids.sessionId,
    newMessage: message,
  })) {
    events.push(event);
  }
  return events;
}

describe('ReplaySequenceBarrier (workflow/utils/_replay_sequence_barrier.py, _workflow.py _run_loop)', () => {
  it('lets a key go only after the keys recorded before it; unrecorded keys pass at once', async () => {
    const barrier = new ReplaySequenceBarrier(['b@1', 'a@1', 'c@1']);
    const released: string[] = [];
    const c = barrier.wait('c@1').then(() => released.push('c@1'));
    const a = barrier.wait('a@1').then(() => released.push('a@1'));
    await barrier.wait('b@1');
    await barrier.wait('new@1');
    expect(released).toEqual([]);
    expect(barrier.waitingCount).toBe(2);
    barrier.advance('a@1'); // not next: ignored
    barrier.advance('b@1');
    await a;
    expect(released).toEqual(['a@1']);
    barrier.advance('a@1');
    await c;
    expect(released).toEqual(['a@1', 'c@1']);
    expect(barrier.position('new@1')).toBe(Number.POSITIVE_INFINITY);
  });

  it('a record that will not come is skipped once only waiting runs are left', async () => {
    const barrier = new ReplaySequenceBarrier(['gone@1', 'a@1']);
    const a = barrier.wait('a@1');
    barrier.skipToWaiting();
    await a;
    expect(barrier.waitingCount).toBe(0);
  });

  it('a resumed fan-out replays its branches in the order they finished, so the shared successor gets its recorded inputs', async () => {
    const gate = deferred();
    // a finishes after b in the first run, although it is scheduled first.
    const a = new FunctionNode('a', async () => {
      await gate.promise;
      return 'from a';
    });
    const b = new FunctionNode('b', () => 'from b');
    const seen: [string, unknown, Record<string, unknown>][] = [];
    const c = new FunctionNode(
      'c',
      (ctx, input: unknown) => {
        seen.push([ctx.runId, input, { ...ctx.resumeInputs }]);
        if (Object.keys(ctx.resumeInputs).length > 0) return `answered ${String(input)}`;
        if (input === 'from b') {
          gate.resolve();
          return new RequestInput({ interruptId: 'i1', message: 'Go on?' });
        }
        return `c got ${String(input)}`;
      },
      { rerunOnResume: true },
    );
    const runner = new InMemoryRunner({
      agent: new Workflow({ name: 'wf', edges: [[START, [a, b], c]] }),
      appName: ids.appName,
      resumabilityConfig: { isResumable: true },
    });
    await runner.sessionService.createSession(ids);

    const first = await send(runner, { role: 'user', parts: [{ text: 'go' }] });
    expect(first.flatMap((event) => event.longRunningToolIds ?? [])).toEqual(['i1']);
    expect(seen).toEqual([['1', 'from b', {}]]);

    seen.length = 0;
    await send(runner, {
      role: 'user',
      parts: [createRequestInputResponse('i1', { result: 'yes' })],
    });
    // c@1 reruns on b's output (as recorded), not on a's, which was scheduled first.
    expect(seen).toEqual([
      ['1', 'from b', { i1: 'yes' }],
      ['2', 'from a', {}],
    ]);
  });
});

describe('Replay order of dynamic children (_replay_manager.py prepare_parent_sequence_barrier, _dynamic_node_scheduler.py _check_existing_run)', () => {
  /**
   * `caller` starts `slow` and `fast` together; in the first run fast
   * finishes first. Then it asks for input, and reruns on the answer with
   * both children replayed. `settled` records the order their calls resolve.
   */
  function build(callBoth: () => boolean) {
    const fastDone = deferred();
    const slow = new FunctionNode('slow', async () => {
      await fastDone.promise;
      return 'slow';
    });
    const fast = new FunctionNode('fast', () => {
      fastDone.resolve();
      return 'fast';
    });
    const ask = new FunctionNode('ask', () => new RequestInput({ interruptId: 'q' }));
    const settled: string[][] = [];
    const caller = new FunctionNode(
      'caller',
      async (ctx) => {
        const order: string[] = [];
        const track = (name: string, running: Promise<unknown>) =>
          running.then((output) => order.push(`${name}:${String(output)}`));
        const children = [track('slow', ctx.runNode(slow))];
        if (callBoth()) children.push(track('fast', ctx.runNode(fast)));
        await Promise.all(children);
        settled.push(order);
        const answer = await ctx.runNode(ask, undefined, { raiseOnWait: true });
        return { order, answer };
      },
      { rerunOnResume: true },
    );
    return { caller, settled };
  }

  it('children replayed together settle in the order they finished, not in call order', async () => {
    const { caller, settled } = build(() => true);
    const runner = new InMemoryRunner({
      agent: new Workflow({ name: 'wf', edges: [[START, caller]] }),
      appName: ids.appName,
      resumabilityConfig: { isResumable: true },
    });
    await runner.sessionService.createSession(ids);
    await send(runner, { role: 'user', parts: [{ text: 'go' }] });
    const resumed = await send(runner, {
      role: 'user',
      parts: [createRequestInputResponse('q', { result: 'ok' })],
    });
    expect(settled).toEqual([
      ['fast:fast', 'slow:slow'],
      ['fast:fast', 'slow:slow'],
    ]);
    expect(
      resumed.map((event) => event.output).filter((output) => output !== undefined),
    ).toContainEqual({
      order: ['fast:fast', 'slow:slow'],
      answer: 'ok',
    });
  });

  it('a recorded child the caller does not start again is skipped, not waited for', async () => {
    let resumed = false;
    const { caller, settled } = build(() => !resumed);
    const runner = new InMemoryRunner({
      agent: new Workflow({ name: 'wf', edges: [[START, caller]] }),
      appName: ids.appName,
      resumabilityConfig: { isResumable: true },
    });
    await runner.sessionService.createSession(ids);
    await send(runner, { role: 'user', parts: [{ text: 'go' }] });
    resumed = true;
    await send(runner, {
      role: 'user',
      parts: [createRequestInputResponse('q', { result: 'ok' })],
    });
    expect(settled).toEqual([['fast:fast', 'slow:slow'], ['slow:slow']]);
  });
});
