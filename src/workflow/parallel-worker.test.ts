import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { RequestInput } from './request-input.js';
import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import type { Event } from '../events/event.js';
import { FunctionNode } from './function-node.js';
import type { NodeContext } from './node-context.js';
import { node } from './node-builder.js';
import { ParallelWorker } from './parallel-worker.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { deferred, outputsByPath, runWorkflow } from './workflow-run-test-fixtures.js';

/** An item node whose runs start, then wait until the test releases their item. */
function gatedItems(items: readonly string[]) {
  const started = new Map(items.map((item) => [item, deferred()]));
  const gates = new Map(items.map((item) => [item, deferred()]));
  const startOrder: string[] = [];
  const finished: string[] = [];
  const inner = new FunctionNode('worker', async (_ctx: NodeContext, item: string) => {
    startOrder.push(item);
    started.get(item)!.resolve();
    await gates.get(item)!.promise;
    finished.push(item);
    return item.toUpperCase();
  });
  return { inner, started, gates, startOrder, finished };
}

const split = (list: unknown) => new FunctionNode('split', () => list);
const workerOutput = (events: readonly Event[]) =>
  outputsByPath(events).find(([path]) => path === 'wf@1/worker@1')?.[1];

describe('ParallelWorker (004 §4, _parallel_worker.py)', () => {
  it('keeps the input order when items finish out of order', async () => {
    const { inner, started, gates } = gatedItems(['a', 'b', 'c']);
    const wf = new Workflow({
      name: 'wf',
      edges: [[START, split(['a', 'b', 'c']), node(inner, { parallelWorker: true })]],
    });
    const running = runWorkflow(wf);
    await Promise.all([...started.values()].map((signal) => signal.promise));
    gates.get('c')!.resolve();
    gates.get('a')!.resolve();
    gates.get('b')!.resolve();
    const run = await running;
    expect(run.error).toBeUndefined();
    expect(workerOutput(run.events)).toEqual(['A', 'B', 'C']);
  });

  it('has no concurrency limit unless maxConcurrency is given', async () => {
    const { inner, started, gates, startOrder } = gatedItems(['a', 'b', 'c', 'd']);
    const worker = new ParallelWorker({ node: inner });
    const wf = new Workflow({ name: 'wf', edges: [[START, split(['a', 'b', 'c', 'd']), worker]] });
    const running = runWorkflow(wf);
    // Every item is running before any is released.
    await Promise.all([...started.values()].map((signal) => signal.promise));
    expect(startOrder).toEqual(['a', 'b', 'c', 'd']);
    for (const gate of gates.values()) gate.resolve();
    expect(workerOutput((await running).events)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('refills a freed slot at once rather than waiting for the batch (eager refill)', async () => {
    const { inner, started, gates, startOrder, finished } = gatedItems(['a', 'b', 'c', 'd']);
    const worker = new ParallelWorker({ node: inner, maxConcurrency: 2 });
    expect(worker.maxConcurrency).toBe(2);
    const wf = new Workflow({ name: 'wf', edges: [[START, split(['a', 'b', 'c', 'd']), worker]] });
    const running = runWorkflow(wf);
    await started.get('a')!.promise;
    await started.get('b')!.promise;
    expect(startOrder).toEqual(['a', 'b']);
    gates.get('b')!.resolve();
    // 'c' starts while 'a' is still running: the slot 'b' freed is refilled.
    await started.get('c')!.promise;
    expect(finished).toEqual(['b']);
    expect(startOrder).toEqual(['a', 'b', 'c']);
    gates.get('c')!.resolve();
    await started.get('d')!.promise;
    expect(finished).toEqual(['b', 'c']);
    gates.get('a')!.resolve();
    gates.get('d')!.resolve();
    expect(workerOutput((await running).events)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('runs each item on its own sub-branch and path, numbered from 1', async () => {
    const inner = new FunctionNode('worker', (_ctx: NodeContext, item: string) => `${item}!`);
    const wf = new Workflow({
      name: 'wf',
      edges: [[START, split(['x', 'y']), node(inner, { parallelWorker: true })]],
    });
    const run = await runWorkflow(wf);
    const items = run.events.filter((event) => event.nodeInfo?.path?.startsWith('wf@1/worker@1/'));
    expect(items.map((event) => [event.nodeInfo?.path, event.branch, event.output])).toEqual([
      ['wf@1/worker@1/worker@1', 'worker@1', 'x!'],
      ['wf@1/worker@1/worker@2', 'worker@2', 'y!'],
    ]);
    expect(workerOutput(run.events)).toEqual(['x!', 'y!']);
  });

  it('outputs [] for [] and wraps a single non-list input', async () => {
    const inner = new FunctionNode('worker', (_ctx: NodeContext, item: string) => `${item}!`);
    const empty = await runWorkflow(
      new Workflow({
        name: 'wf',
        edges: [[START, split([]), node(inner, { parallelWorker: true })]],
      }),
    );
    expect(workerOutput(empty.events)).toEqual([]);
    const single = await runWorkflow(
      new Workflow({ name: 'wf', edges: [[START, split('solo'), new ParallelWorker(inner)]] }),
    );
    expect(workerOutput(single.events)).toEqual(['solo!']);
  });

  it('reads a JSON list from a Content input (the user message at START)', async () => {
    const inner = new FunctionNode('worker', (_ctx: NodeContext, item: number) => item * 2);
    const wf = new Workflow({ name: 'wf', edges: [[START, new ParallelWorker(inner)]] });
    const run = await runWorkflow(wf, { message: '[1, 2, 3]' });
    expect(workerOutput(run.events)).toEqual([2, 4, 6]);
  });

  it('cancels the items still running when one fails, and fails with its error', async () => {
    const aborted: string[] = [];
    const failFirst = deferred();
    const inner = new FunctionNode('worker', async (ctx: NodeContext, item: string) => {
      if (item === 'bad') {
        await failFirst.promise;
        throw new Error('item failed');
      }
      await new Promise<void>((resolve) =>
        ctx.abortSignal?.addEventListener('abort', () => resolve(), { once: true }),
      );
      aborted.push(item);
      return 'never sent';
    });
    const after = new FunctionNode('after', () => 'not reached');
    const wf = new Workflow({
      name: 'wf',
      edges: [[START, split(['slow1', 'bad', 'slow2']), new ParallelWorker(inner), after]],
    });
    const running = runWorkflow(wf);
    failFirst.resolve();
    const run = await running;
    expect((run.error as Error).message).toBe('item failed');
    expect(aborted.sort()).toEqual(['slow1', 'slow2']);
    expect(run.events.some((event) => event.output === 'never sent')).toBe(false);
    expect(run.events.some((event) => event.output === 'not reached')).toBe(false);
  });

  it('takes the wrapped node name and rejects START', () => {
    const inner = new FunctionNode('summarise', () => 'x');
    expect(new ParallelWorker({ node: inner }).name).toBe('summarise');
    function named() {
      return 1;
    }
    expect(node(named, { parallelWorker: true }).name).toBe('named');
    expect(() => new ParallelWorker({ node: 'START' })).toThrow(WorkflowConfigurationError);
    expect(() => new ParallelWorker({ node: START })).toThrow(WorkflowConfigurationError);
    expect(() => node('START', { parallelWorker: true })).toThrow(
      'ParallelWorker cannot wrap a START node.',
    );
    expect(() => new ParallelWorker({ node: inner, maxConcurrency: 0 })).toThrow(
      WorkflowConfigurationError,
    );
  });
});

describe('ParallelWorker with agents and interrupts (004 §4 summariser, _parallel_worker.py)', () => {
  it('runs an LlmAgent per document, each seeing only its own document on its own branch', async () => {
    const model = new ScriptedLlm({
      responses: (request) => {
        const texts = request.contents.map((content) =>
          (content.parts ?? []).map((part) => part.text ?? '').join(''),
        );
        return textResponse(`summary of ${texts.join('|')}`);
      },
    });
    const summariser = new LlmAgent({ name: 'summariser', model, instruction: 'Summarise.' });
    const collect = new FunctionNode('collect', (_ctx: NodeContext, summaries: string[]) =>
      summaries.join('\n'),
    );
    const wf = new Workflow({
      name: 'wf',
      edges: [
        [
          START,
          split(['doc one', 'doc two', 'doc three']),
          node(summariser, { parallelWorker: true, maxConcurrency: 2 }),
          collect,
        ],
      ],
    });
    const run = await runWorkflow(wf);
    expect(run.error).toBeUndefined();
    expect(outputsByPath(run.events).find(([path]) => path === 'wf@1/collect@1')?.[1]).toBe(
      'summary of doc one\nsummary of doc two\nsummary of doc three',
    );
    const replies = run.events.filter((event) => event.author === 'summariser' && event.content);
    expect(replies.map((event) => event.branch).sort()).toEqual([
      'summariser@1',
      'summariser@2',
      'summariser@3',
    ]);
  });

  it('stops starting items when one asks for input, and waits with its interrupt', async () => {
    const started: string[] = [];
    const inner = new FunctionNode('worker', async function* (_ctx: NodeContext, item: string) {
      started.push(item);
      if (item === 'ask') yield new RequestInput({ message: 'Which one?' });
      else yield item.toUpperCase();
    });
    const after = new FunctionNode('after', () => 'not reached');
    const wf = new Workflow({
      name: 'wf',
      edges: [
        [
          START,
          split(['a', 'ask', 'c']),
          new ParallelWorker({ node: inner, maxConcurrency: 1 }),
          after,
        ],
      ],
    });
    const run = await runWorkflow(wf, { resumable: true });
    expect(run.error).toBeUndefined();
    expect(started).toEqual(['a', 'ask']);
    expect(run.events.some((event) => event.longRunningToolIds?.length)).toBe(true);
    expect(workerOutput(run.events)).toBeUndefined();
    expect(run.events.some((event) => event.output === 'not reached')).toBe(false);
  });
});
