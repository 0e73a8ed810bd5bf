import { describe, expect, it } from 'vitest';
import type { NodeContext } from './node-context.js';
import { Edge } from './edge.js';
import { FunctionNode } from './function-node.js';
import { JoinNode } from './join-node.js';
import { DEFAULT_ROUTE, START } from './start.js';
import { Workflow } from './workflow.js';
import { outputsByPath, runWorkflow } from './workflow-run-test-fixtures.js';

function router(name: string, route: string): FunctionNode {
  return new FunctionNode(name, (ctx: NodeContext) => {
    ctx.route = route;
    return `${name}:${route}`;
  });
}

function echo(name: string): FunctionNode {
  return new FunctionNode(name, (_ctx, input: unknown) => `${name}(${String(input)})`);
}

describe('Workflow routing (004 §1 routes, _workflow.py getNextPendingNodes)', () => {
  it('follows the routing map edge whose route the node emitted', async () => {
    const wf = new Workflow({
      name: 'wf',
      edges: [[START, router('classify', 'no'), { yes: echo('b'), no: echo('c') }]],
    });
    const run = await runWorkflow(wf);
    expect(run.error).toBeUndefined();
    expect(outputsByPath(run.events)).toEqual([
      ['wf@1/classify@1', 'classify:no'],
      ['wf@1/c@1', 'c(classify:no)'],
    ]);
  });

  it('takes DEFAULT_ROUTE only when no specific route matched', async () => {
    const edges = (route: string) => [
      [START, router('classify', route), { yes: echo('b'), [DEFAULT_ROUTE]: echo('d') }] as const,
    ];
    const matched = await runWorkflow(new Workflow({ name: 'wf', edges: edges('yes') }));
    expect(outputsByPath(matched.events).map(([path]) => path)).toEqual([
      'wf@1/classify@1',
      'wf@1/b@1',
    ]);
    const unmatched = await runWorkflow(new Workflow({ name: 'wf', edges: edges('maybe') }));
    expect(outputsByPath(unmatched.events).map(([path]) => path)).toEqual([
      'wf@1/classify@1',
      'wf@1/d@1',
    ]);
  });

  it('runs a conditional loop until the route changes, numbering each run (a@1, a@2, a@3)', async () => {
    const count = new FunctionNode('count', (ctx: NodeContext, input: unknown) => {
      const n = typeof input === 'number' ? input + 1 : 1;
      ctx.route = n < 3 ? 'again' : 'done';
      return n;
    });
    const finish = echo('finish');
    const wf = new Workflow({
      name: 'wf',
      edges: [
        [START, count],
        new Edge({ fromNode: count, toNode: count, route: 'again' }),
        new Edge({ fromNode: count, toNode: finish, route: 'done' }),
      ],
    });
    const run = await runWorkflow(wf);
    expect(run.error).toBeUndefined();
    expect(outputsByPath(run.events)).toEqual([
      ['wf@1/count@1', 1],
      ['wf@1/count@2', 2],
      ['wf@1/count@3', 3],
      ['wf@1/finish@1', 'finish(3)'],
    ]);
  });

  it('runs each successor of a fan-out on its own sub-branch and joins them on the common branch', async () => {
    const split = new FunctionNode('split', () => 'x');
    const left = echo('left');
    const right = echo('right');
    const join = new JoinNode({ name: 'join' });
    const wf = new Workflow({ name: 'wf', edges: [[START, split, [left, right], join]] });
    const run = await runWorkflow(wf);
    expect(run.error).toBeUndefined();
    const byPath = new Map(run.events.map((event) => [event.nodeInfo?.path, event]));
    expect(byPath.get('wf@1/split@1')?.branch).toBeUndefined();
    expect(byPath.get('wf@1/left@1')?.branch).toBe('left@1');
    expect(byPath.get('wf@1/right@1')?.branch).toBe('right@1');
    const joined = byPath.get('wf@1/join@1');
    expect(joined?.output).toEqual({ left: 'left(x)', right: 'right(x)' });
    expect(joined?.branch).toBeUndefined();
    expect(joined?.nodeInfo?.outputFor).toEqual(['wf@1/join@1', 'wf@1']);
  });

  it('triggers a JoinNode only when every predecessor completed', async () => {
    const order: string[] = [];
    const a = new FunctionNode('a', () => {
      order.push('a');
      return 'A';
    });
    const slow = new FunctionNode('slow', async () => {
      await Promise.resolve();
      order.push('slow');
      return 'S';
    });
    const after = new FunctionNode('after', (_ctx, input: unknown) => {
      order.push('after');
      return input;
    });
    const join = new JoinNode({ name: 'join' });
    const wf = new Workflow({
      name: 'wf',
      edges: [
        [START, [a, slow]],
        [a, after],
        [after, join],
        [slow, join],
      ],
    });
    const run = await runWorkflow(wf);
    expect(run.error).toBeUndefined();
    const joined = run.events.find((event) => event.nodeInfo?.path === 'wf@1/join@1');
    expect(joined?.output).toEqual({ after: 'A', slow: 'S' });
    expect(
      run.events.filter((event) => event.nodeInfo?.path?.startsWith('wf@1/join')),
    ).toHaveLength(1);
  });
});
