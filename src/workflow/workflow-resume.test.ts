import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResumeInputValidationError } from '../errors/resume-input-validation-error.js';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import type { Content } from '../types/index.js';
import { Edge } from './edge.js';
import { FunctionNode } from './function-node.js';
import { JoinNode } from './join-node.js';
import { ParallelWorker } from './parallel-worker.js';
import { NodeStatus } from './node-status.js';
import { RequestInput } from './request-input.js';
import { createRequestInputResponse } from './request-input-event.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { TestClock, ids, outputs } from './workflow-run-test-fixtures.js';

/** A runner on one session that sends messages turn by turn and keeps what each turn yielded. */
class Conversation {
  readonly runner: InMemoryRunner;

  private constructor(runner: InMemoryRunner) {
    this.runner = runner;
  }

  static async open(agent: Workflow, resumable = true): Promise<Conversation> {
    const runner = new InMemoryRunner({
      agent,
      appName: ids.appName,
      ...(resumable ? { resumabilityConfig: { isResumable: true } } : {}),
    });
    await runner.sessionService.createSession(ids);
    return new Conversation(runner);
  }

  async send(message: Content): Promise<Event[]> {
    const events: Event[] = [];
    for await (const event of this.runner.runAsync({
      userId: ids.userId,
      sessionId: ids.sessionId,
      newMessage: message,
    })) {
      events.push(event);
    }
    return events;
  }
}

const text = (value: string): Content => ({ role: 'user', parts: [{ text: value }] });

/** The user's answer to interrupt `id` (Python `create_request_input_response`). */
function answer(id: string, response: Record<string, unknown>): Content {
  return { role: 'user', parts: [createRequestInputResponse(id, response)] };
}

/** The interrupt ids a turn's events left pending. */
function interrupts(events: readonly Event[]): string[] {
  return events.flatMap((event) => event.longRunningToolIds ?? []);
}

describe('Workflow resume after human input (issue 17 §5, _workflow.py SETUP, _replay_interceptor.py)', () => {
  it('rerunOnResume false: the answer becomes the node output and the graph continues', async () => {
    const runs: string[] = [];
    const ask = new FunctionNode('ask', () => {
      runs.push('ask');
      return new RequestInput({ interruptId: 'i1', message: 'Approve?' });
    });
    const after = new FunctionNode('after', (_ctx, input: unknown) => {
      runs.push('after');
      return { got: input };
    });
    const wf = new Workflow({ name: 'wf', edges: [[START, ask, after]] });
    const chat = await Conversation.open(wf);

    const first = await chat.send(text('go'));
    expect(interrupts(first)).toEqual(['i1']);
    expect(runs).toEqual(['ask']);

    const second = await chat.send(answer('i1', { result: 'yes' }));
    expect(runs).toEqual(['ask', 'after']);
    expect(outputs(second)).toContainEqual({ got: 'yes' });
    expect(second.at(-1)?.actions.endOfAgent).toBe(true);
  });

  it('rerunOnResume true: the node runs again with ctx.resumeInputs', async () => {
    const seen: unknown[] = [];
    const approve = new FunctionNode(
      'approve',
      (ctx) => {
        seen.push(ctx.resumeInputs['i1']);
        const reply = ctx.resumeInputs['i1'];
        return reply === undefined ? new RequestInput({ interruptId: 'i1' }) : { reply };
      },
      { rerunOnResume: true },
    );
    const wf = new Workflow({ name: 'wf', edges: [[START, approve]] });
    const chat = await Conversation.open(wf);

    expect(interrupts(await chat.send(text('go')))).toEqual(['i1']);
    const second = await chat.send(answer('i1', { approved: true }));
    expect(seen).toEqual([undefined, { approved: true }]);
    expect(outputs(second)).toContainEqual({ reply: { approved: true } });
    const output = second.find((event) => event.output !== undefined);
    expect(output?.nodeInfo?.path).toBe('wf@1/approve@1');
  });

  it('does not re-run finished nodes; their recorded outputs feed their successors', async () => {
    const runs: string[] = [];
    const prepare = new FunctionNode('prepare', (_ctx, input: unknown) => {
      runs.push('prepare');
      return `prepared ${JSON.stringify(input)}`;
    });
    const ask = new FunctionNode(
      'ask',
      (ctx, input: unknown) => {
        runs.push('ask');
        const reply = ctx.resumeInputs['i1'];
        return reply === undefined
          ? new RequestInput({ interruptId: 'i1' })
          : `${input} / ${reply}`;
      },
      { rerunOnResume: true },
    );
    const finish = new FunctionNode('finish', (_ctx, input: unknown) => {
      runs.push('finish');
      return `done: ${String(input)}`;
    });
    const wf = new Workflow({ name: 'wf', edges: [[START, prepare, ask, finish]] });
    const chat = await Conversation.open(wf);

    await chat.send(text('go'));
    expect(runs).toEqual(['prepare', 'ask']);
    const second = await chat.send(answer('i1', { result: 'ok' }));
    expect(runs).toEqual(['prepare', 'ask', 'ask', 'finish']);
    expect(outputs(second).at(-1)).toBe(
      'done: prepared {"role":"user","parts":[{"text":"go"}]} / ok',
    );
  });

  it('a fan-out where one branch waits: the other branch is not re-run and the join fires on resume', async () => {
    const runs: string[] = [];
    const quick = new FunctionNode('quick', () => {
      runs.push('quick');
      return 'q';
    });
    const ask = new FunctionNode('ask', () => {
      runs.push('ask');
      return new RequestInput({ interruptId: 'i1' });
    });
    const join = new JoinNode({ name: 'join' });
    const report = new FunctionNode('report', (_ctx, input: unknown) => {
      runs.push('report');
      return input;
    });
    const wf = new Workflow({
      name: 'wf',
      edges: [
        [START, [quick, ask]],
        [quick, join],
        [ask, join],
        [join, report],
      ],
    });
    const chat = await Conversation.open(wf);

    const first = await chat.send(text('go'));
    expect(interrupts(first)).toEqual(['i1']);
    expect(runs).toEqual(['quick', 'ask']);

    const second = await chat.send(answer('i1', { result: 'a' }));
    expect(runs).toEqual(['quick', 'ask', 'report']);
    expect(outputs(second).at(-1)).toEqual({ quick: 'q', ask: 'a' });
  });

  it('stays waiting while an interrupt is unanswered and checkpoints it WAITING', async () => {
    const ask = new FunctionNode('ask', function* () {
      yield new RequestInput({ interruptId: 'i1' });
      yield new RequestInput({ interruptId: 'i2' });
    });
    const wf = new Workflow({ name: 'wf', edges: [[START, ask]] });
    const chat = await Conversation.open(wf);
    await chat.send(text('go'));
    const second = await chat.send(answer('i1', { result: 1 }));
    const checkpoints = second.filter((event) => event.actions.agentState);
    const last = checkpoints.at(-1)?.actions.agentState as {
      nodes: Record<string, { status: number; interrupts: string[] }>;
    };
    expect(last.nodes['ask']).toEqual({ status: NodeStatus.WAITING, interrupts: ['i2'] });
    expect(second.some((event) => event.actions.endOfAgent)).toBe(false);
  });

  it('resumes in an app that is not resumable (the answered call names the run to replay)', async () => {
    const runs: string[] = [];
    const ask = new FunctionNode('ask', () => {
      runs.push('ask');
      return new RequestInput({ interruptId: 'i1' });
    });
    const after = new FunctionNode('after', (_ctx, input: unknown) => {
      runs.push('after');
      return input;
    });
    const wf = new Workflow({ name: 'wf', edges: [[START, ask, after]] });
    const chat = await Conversation.open(wf, false);
    await chat.send(text('go'));
    const second = await chat.send(answer('i1', { result: 42 }));
    expect(runs).toEqual(['ask', 'after']);
    expect(outputs(second)).toContain(42);
  });

  it('pauses twice in one invocation: each answer moves the graph one step', async () => {
    const runs: string[] = [];
    const first = new FunctionNode('first', () => {
      runs.push('first');
      return new RequestInput({ interruptId: 'q1' });
    });
    const second = new FunctionNode('second', (_ctx, input: unknown) => {
      runs.push(`second(${String(input)})`);
      return new RequestInput({ interruptId: 'q2' });
    });
    const done = new FunctionNode('done', (_ctx, input: unknown) => `done(${String(input)})`);
    const wf = new Workflow({ name: 'wf', edges: [[START, first, second, done]] });
    const chat = await Conversation.open(wf);

    expect(interrupts(await chat.send(text('go')))).toEqual(['q1']);
    expect(interrupts(await chat.send(answer('q1', { result: 'one' })))).toEqual(['q2']);
    const last = await chat.send(answer('q2', { result: 'two' }));
    expect(runs).toEqual(['first', 'second(one)']);
    expect(outputs(last).at(-1)).toBe('done(two)');
    expect(last.at(-1)?.actions.endOfAgent).toBe(true);
  });

  it('resumes a nested workflow: the inner waiting node gets the answer, the outer graph continues', async () => {
    const runs: string[] = [];
    const ask = new FunctionNode('ask', () => {
      runs.push('ask');
      return new RequestInput({ interruptId: 'inner-q' });
    });
    const inner = new Workflow({ name: 'inner', edges: [[START, ask]] });
    const tail = new FunctionNode('tail', (_ctx, input: unknown) => {
      runs.push('tail');
      return `tail(${String(input)})`;
    });
    const outer = new Workflow({ name: 'outer', edges: [[START, inner.node, tail]] });
    const chat = await Conversation.open(outer);

    expect(interrupts(await chat.send(text('go')))).toEqual(['inner-q']);
    const second = await chat.send(answer('inner-q', { result: 'x' }));
    expect(runs).toEqual(['ask', 'tail']);
    expect(outputs(second).at(-1)).toBe('tail(x)');
  });

  it('answers a dynamic child (ctx.runNode) by run id: its answer is its output, the caller reruns', async () => {
    const runs: string[] = [];
    const approval = new FunctionNode('approval', () => {
      runs.push('approval');
      return new RequestInput({ interruptId: 'dyn-q' });
    });
    const worker = new FunctionNode(
      'worker',
      async (ctx) => {
        runs.push('worker');
        const verdict = await ctx.runNode(approval, undefined, { raiseOnWait: true });
        return `verdict: ${String(verdict)}`;
      },
      { rerunOnResume: true },
    );
    const wf = new Workflow({ name: 'wf', edges: [[START, worker]] });
    const chat = await Conversation.open(wf);

    expect(interrupts(await chat.send(text('go')))).toEqual(['dyn-q']);
    const second = await chat.send(answer('dyn-q', { result: 'granted' }));
    expect(runs).toEqual(['worker', 'approval', 'worker']);
    expect(outputs(second).at(-1)).toBe('verdict: granted');
  });

  it('pauses twice in an app that is not resumable: the second answer replays both invocations', async () => {
    const runs: string[] = [];
    const first = new FunctionNode('first', () => {
      runs.push('first');
      return new RequestInput({ interruptId: 'q1' });
    });
    const second = new FunctionNode('second', (_ctx, input: unknown) => {
      runs.push(`second(${String(input)})`);
      return new RequestInput({ interruptId: 'q2' });
    });
    const done = new FunctionNode('done', (_ctx, input: unknown) => `done(${String(input)})`);
    const wf = new Workflow({ name: 'wf', edges: [[START, first, second, done]] });
    const chat = await Conversation.open(wf, false);

    expect(interrupts(await chat.send(text('go')))).toEqual(['q1']);
    expect(interrupts(await chat.send(answer('q1', { result: 'one' })))).toEqual(['q2']);
    const last = await chat.send(answer('q2', { result: 'two' }));
    expect(runs).toEqual(['first', 'second(one)']);
    expect(outputs(last).at(-1)).toBe('done(two)');
  });

  it('checks the answer against the request response_schema: coerced when it fits, the run fails when not', async () => {
    const build = () =>
      new Workflow({
        name: 'wf',
        edges: [
          [
            START,
            new FunctionNode(
              'ask',
              () => new RequestInput({ interruptId: 'n', responseSchema: z.number().int() }),
            ),
            new FunctionNode('double', (_ctx, input: unknown) => (input as number) * 2),
          ],
        ],
      });
    const good = await Conversation.open(build());
    await good.send(text('go'));
    expect(outputs(await good.send(answer('n', { result: '21' }))).at(-1)).toBe(42);

    const bad = await Conversation.open(build());
    await bad.send(text('go'));
    await expect(bad.send(answer('n', { result: 'lots' }))).rejects.toThrow(
      ResumeInputValidationError,
    );
  });

  it('replays a conditional loop with its recorded routes and run ids, then resumes the waiting node', async () => {
    let countRuns = 0;
    const count = new FunctionNode('count', (ctx, input: unknown) => {
      countRuns += 1;
      const n = typeof input === 'number' ? input + 1 : 1;
      ctx.route = n < 3 ? 'again' : 'done';
      return n;
    });
    const ask = new FunctionNode('ask', () => new RequestInput({ interruptId: 'loop-q' }));
    const finish = new FunctionNode('finish', (_ctx, input: unknown) => `finish(${String(input)})`);
    const wf = new Workflow({
      name: 'wf',
      edges: [
        [START, count],
        new Edge({ fromNode: count, toNode: count, route: 'again' }),
        new Edge({ fromNode: count, toNode: ask, route: 'done' }),
        [ask, finish],
      ],
    });
    const chat = await Conversation.open(wf);
    expect(interrupts(await chat.send(text('go')))).toEqual(['loop-q']);
    expect(countRuns).toBe(3);
    const second = await chat.send(answer('loop-q', { result: 'fine' }));
    expect(countRuns).toBe(3);
    const last = second.filter((event) => event.output !== undefined).at(-1);
    expect(last?.nodeInfo?.path).toBe('wf@1/finish@1');
    expect(last?.output).toBe('finish(fine)');
  });

  it('replays a node that failed once and succeeded on retry; reruns one that failed for good', async () => {
    let flakyRuns = 0;
    const flaky = new FunctionNode(
      'flaky',
      () => {
        flakyRuns += 1;
        if (flakyRuns === 1) throw new Error('first attempt');
        return 'steady';
      },
      { retryConfig: { maxAttempts: 2, initialDelay: 0 } },
    );
    const ask = new FunctionNode('ask', () => new RequestInput({ interruptId: 'after-retry' }));
    const wf = new Workflow({
      name: 'wf',
      edges: [[START, flaky, ask]],
      clock: new TestClock(),
    });
    const chat = await Conversation.open(wf);
    expect(interrupts(await chat.send(text('go')))).toEqual(['after-retry']);
    expect(flakyRuns).toBe(2);
    const second = await chat.send(answer('after-retry', { result: 'ok' }));
    expect(flakyRuns).toBe(2);
    expect(outputs(second)).toContain('ok');
  });

  it('resumes a ParallelWorker whose one item waits: the finished items are not run again', async () => {
    const itemRuns: number[] = [];
    const item = new FunctionNode('item', (_ctx, n: number) => {
      itemRuns.push(n);
      return n === 2 ? new RequestInput({ interruptId: 'item-2' }) : n * 10;
    });
    const split = new FunctionNode('split', () => [1, 2, 3]);
    const wf = new Workflow({
      name: 'wf',
      edges: [[START, split, new ParallelWorker({ node: item })]],
    });
    const chat = await Conversation.open(wf);
    expect(interrupts(await chat.send(text('go')))).toEqual(['item-2']);
    expect([...itemRuns].sort()).toEqual([1, 2, 3]);
    const second = await chat.send(answer('item-2', { result: 20 }));
    expect([...itemRuns].sort()).toEqual([1, 2, 3]);
    expect(outputs(second).at(-1)).toEqual([10, 20, 30]);
  });
});
