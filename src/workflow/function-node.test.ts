import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import { createEvent } from '../events/event.js';
import { FunctionNode } from './function-node.js';
import type { NodeContext } from './node-context.js';
import { node } from './node-builder.js';
import { RequestInput } from './request-input.js';
import { START } from './start.js';
import { runTestNode } from './workflow-test-fixtures.js';

describe('FunctionNode (004 §2, _function_node.py)', () => {
  it('runs a function with (ctx, nodeInput) and makes its return value the output', async () => {
    const double = new FunctionNode('double', (_ctx: NodeContext, n: number) => n * 2);
    const ctx = await runTestNode(double, 21);
    expect(ctx.output).toBe(42);
    expect(ctx.events.map((event) => event.output)).toEqual([42]);
  });

  it('awaits an async function', async () => {
    const ctx = await runTestNode(
      new FunctionNode('later', async (_ctx, input: string) => {
        await Promise.resolve();
        return `${input}!`;
      }),
      'hi',
    );
    expect(ctx.output).toBe('hi!');
  });

  it('emits one event per value of a sync or async generator', async () => {
    function* countdown(): Generator<unknown> {
      yield createEvent({
        author: 'countdown',
        content: { role: 'model', parts: [{ text: '2' }] },
      });
      yield null;
      yield 'lift-off';
    }
    const sync = await runTestNode(new FunctionNode('countdown', countdown));
    expect(sync.events.map((event) => event.content?.parts?.[0]?.text ?? event.output)).toEqual([
      '2',
      'lift-off',
    ]);
    async function* stream(): AsyncGenerator<unknown> {
      yield { role: 'model', parts: [{ text: 'working' }] };
      await Promise.resolve();
      yield 2;
    }
    const async = await runTestNode(new FunctionNode('stream', stream), undefined);
    expect(async.events.map((event) => event.content?.parts?.[0]?.text ?? event.output)).toEqual([
      'working',
      2,
    ]);
    expect(async.output).toBe(2);
  });

  it('makes a returned Content the event content, not an output', async () => {
    const ctx = await runTestNode(
      new FunctionNode('say', () => ({ role: 'model', parts: [{ text: 'hello' }] })),
    );
    expect(ctx.events[0]?.content?.parts?.[0]?.text).toBe('hello');
    expect(ctx.output).toBeUndefined();
  });

  it('sends state written through ctx.state on the event, alone when the function returns nothing', async () => {
    const remember = new FunctionNode('remember', (ctx) => {
      ctx.state.set('seen', (ctx.state.get<number>('seen') ?? 0) + 1);
    });
    const ctx = await runTestNode(remember, undefined, { state: { seen: 1 } });
    expect(ctx.events).toHaveLength(1);
    expect(ctx.events[0]?.actions.stateDelta).toEqual({ seen: 2 });
    expect(ctx.events[0]?.output).toBeUndefined();
    const withOutput = await runTestNode(
      new FunctionNode('both', (c) => {
        c.state.set('k', 'v');
        return createEvent({
          author: 'both',
          output: 'done',
          actions: { stateDelta: { other: 1 } },
        });
      }),
    );
    expect(withOutput.events[0]?.actions.stateDelta).toEqual({ other: 1, k: 'v' });
  });

  it('emits nothing when the function returns nothing and wrote no state', async () => {
    const ctx = await runTestNode(new FunctionNode('quiet', () => undefined));
    expect(ctx.events).toEqual([]);
  });

  it('pauses on a RequestInput and does not rerun on resume by default', async () => {
    const ask = new FunctionNode(
      'ask',
      () => new RequestInput({ interruptId: 'i1', message: 'OK?' }),
    );
    expect(ask.rerunOnResume).toBe(false);
    const ctx = await runTestNode(ask);
    expect([...ctx.interruptIds]).toEqual(['i1']);
  });

  it('sees resume inputs and reruns when rerunOnResume is set', async () => {
    const approve = new FunctionNode(
      'approve',
      (ctx) =>
        ctx.resumeInputs.i1 === undefined
          ? new RequestInput({ interruptId: 'i1' })
          : ctx.resumeInputs.i1,
      { rerunOnResume: true },
    );
    const ctx = await runTestNode(approve, undefined, { resumeInputs: { i1: { approved: true } } });
    expect(ctx.output).toEqual({ approved: true });
  });

  it('validates its output against outputSchema', async () => {
    const typed = new FunctionNode('typed', () => ({ n: '3' }), {
      outputSchema: z.object({ n: z.coerce.number() }),
    });
    expect((await runTestNode(typed)).output).toEqual({ n: 3 });
  });

  it('runs a child node through ctx.runNode and can take its output as its own', async () => {
    const child = new FunctionNode('child', (_ctx, n: number) => n + 1);
    const parent = new FunctionNode('parent', async (ctx, n: number) => {
      const first = await ctx.runNode(child, n);
      await ctx.runNode(child, first, { useAsOutput: true });
    });
    const ctx = await runTestNode(parent, 1);
    expect(ctx.output).toBe(3);
    expect(ctx.events.map((event) => event.author)).toEqual(['child', 'child']);
  });
});

describe('node() (004 §2, _node.py node / build_node)', () => {
  it('wraps a function in a FunctionNode named after it, or as told', () => {
    function classify(): string {
      return 'x';
    }
    const built = node(classify);
    expect(built).toBeInstanceOf(FunctionNode);
    expect(built.name).toBe('classify');
    const renamed = node(classify, { name: 'sorter', rerunOnResume: true, timeout: 5 });
    expect(renamed).toMatchObject({ name: 'sorter', rerunOnResume: true, timeout: 5 });
  });

  it('returns a node as it is, START for "START", and refuses what cannot be a node', () => {
    const existing = new FunctionNode('n', () => 1);
    expect(node(existing)).toBe(existing);
    expect(node('START')).toBe(START);
    expect(() => node(existing, { name: 'other' })).toThrow(WorkflowConfigurationError);
    expect(() => node(42 as never)).toThrow(/Cannot make a workflow node from number 42/);
  });

  it('asks for a name when the function has none', () => {
    const anonymous = [(): number => 1][0] as () => number;
    expect(() => node(anonymous)).toThrow(/needs a name/);
  });
});
