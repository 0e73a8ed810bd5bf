import { describe, expect, it } from 'vitest';
import type { NodeContext } from './node-context.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { FunctionNode } from './function-node.js';
import { JoinNode } from './join-node.js';
import { NodeStatus } from './node-status.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { deferred, outputsByPath, runWorkflow } from './workflow-run-test-fixtures.js';

/** Nodes that record how many of them run at once and wait until released. */
function gatedNodes(names: readonly string[]) {
  let running = 0;
  let peak = 0;
  const started: string[] = [];
  const gates = new Map(names.map((name) => [name, deferred()]));
  const nodes = names.map(
    (name) =>
      new FunctionNode(name, async () => {
        running += 1;
        peak = Math.max(peak, running);
        started.push(name);
        await gates.get(name)!.promise;
        running -= 1;
        return name;
      }),
  );
  return { nodes, gates, started, peak: () => peak };
}

const join = () => new JoinNode({ name: 'join' });

describe('Workflow scheduling (issue 17 §3, _workflow.py _schedule_ready_nodes)', () => {
  it('runs at most maxConcurrency graph nodes at once, refilling as they finish', async () => {
    const { nodes, gates, started, peak } = gatedNodes(['n1', 'n2', 'n3', 'n4']);
    const wf = new Workflow({ name: 'wf', edges: [[START, nodes, join()]], maxConcurrency: 2 });
    const running = runWorkflow(wf);
    await waitFor(() => started.length === 2);
    expect(started).toEqual(['n1', 'n2']);
    gates.get('n1')!.resolve();
    await waitFor(() => started.length === 3);
    expect(started).toEqual(['n1', 'n2', 'n3']);
    for (const gate of gates.values()) gate.resolve();
    const run = await running;
    expect(run.error).toBeUndefined();
    expect(peak()).toBe(2);
  });

  it('runs every triggered node at once without a limit', async () => {
    const { nodes, gates, started, peak } = gatedNodes(['n1', 'n2', 'n3']);
    const running = runWorkflow(new Workflow({ name: 'wf', edges: [[START, nodes, join()]] }));
    await waitFor(() => started.length === 3);
    for (const gate of gates.values()) gate.resolve();
    expect((await running).error).toBeUndefined();
    expect(peak()).toBe(3);
  });

  it('fails when more than one terminal node produced an output (_finalize)', async () => {
    const a = new FunctionNode('a', () => 'A');
    const b = new FunctionNode('b', () => 'B');
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, [a, b]]] }));
    expect((run.error as Error).message).toBe(
      'Workflow wf: multiple terminal nodes produced output (2). A workflow must have at most one terminal output.',
    );
    expect(run.stored.at(-1)).toMatchObject({
      errorCode: 'WorkflowConfigurationError',
      nodeInfo: { path: 'wf@1' },
      author: 'wf',
    });
  });

  it('does not count ctx.runNode children against maxConcurrency', async () => {
    const child = new FunctionNode('child', (_ctx, input: number) => input * 10);
    const parent = new FunctionNode('parent', async (ctx: NodeContext) => {
      const first = await ctx.runNode(child, 1);
      const second = await ctx.runNode(child, 2);
      return [first, second];
    });
    const wf = new Workflow({ name: 'wf', edges: [[START, parent]], maxConcurrency: 1 });
    const run = await runWorkflow(wf);
    expect(run.error).toBeUndefined();
    expect(outputsByPath(run.events)).toEqual([
      ['wf@1/parent@1/child@1', 10],
      ['wf@1/parent@1/child@2', 20],
      ['wf@1/parent@1', [10, 20]],
    ]);
  });

  it('sends a child started with useAsOutput as the caller output, without a duplicate event', async () => {
    const child = new FunctionNode('child', () => 'from child');
    const parent = new FunctionNode('parent', async (ctx: NodeContext) => {
      await ctx.runNode(child, undefined, { useAsOutput: true });
    });
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, parent]] }));
    expect(run.error).toBeUndefined();
    const withOutput = run.events.filter((event) => event.output !== undefined);
    expect(withOutput.map((event) => event.nodeInfo)).toEqual([
      {
        path: 'wf@1/parent@1/child@1',
        outputFor: ['wf@1/parent@1/child@1', 'wf@1/parent@1', 'wf@1'],
      },
    ]);
  });

  it('runs a ctx.runNode child on its own sub-branch when asked', async () => {
    const child = new FunctionNode('worker', (_ctx, input: string) => input.toUpperCase());
    const parent = new FunctionNode('parent', async (ctx: NodeContext) =>
      Promise.all(['a', 'b'].map((item) => ctx.runNode(child, item, { useSubBranch: true }))),
    );
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, parent]] }));
    expect(run.error).toBeUndefined();
    const children = run.events.filter((event) => event.nodeInfo?.path.includes('worker'));
    expect(children.map((event) => [event.nodeInfo?.path, event.branch, event.output])).toEqual([
      ['wf@1/parent@1/worker@1', 'worker@1', 'A'],
      ['wf@1/parent@1/worker@2', 'worker@2', 'B'],
    ]);
  });

  it("fails the caller with a failed child's error, and the workflow throws it", async () => {
    const child = new FunctionNode('child', () => {
      throw new RangeError('child broke');
    });
    const parent = new FunctionNode('parent', async (ctx: NodeContext) => ctx.runNode(child));
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, parent]] }));
    expect(run.error).toBeInstanceOf(RangeError);
    const errors = run.stored.filter((event) => event.errorCode);
    expect(errors.map((event) => [event.errorCode, event.nodeInfo?.path])).toEqual([
      ['RangeError', 'wf@1/parent@1/child@1'],
    ]);
  });

  it('sends state written through ctx.state on the node events (actions.stateDelta)', async () => {
    const writer = new FunctionNode('writer', (ctx: NodeContext) => {
      ctx.state.set('seen', true);
      return 'ok';
    });
    const reader = new FunctionNode('reader', (ctx: NodeContext) => ctx.state.get('seen'));
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, writer, reader]] }));
    expect(run.error).toBeUndefined();
    expect(run.stored.find((event) => event.output === 'ok')?.actions.stateDelta).toEqual({
      seen: true,
    });
    expect(outputsByPath(run.stored).at(-1)).toEqual(['wf@1/reader@1', true]);
  });

  it('checkpoints node statuses in actions.agentState and ends with endOfAgent when resumable', async () => {
    const a = new FunctionNode('a', () => 'A');
    const b = new FunctionNode('b', () => 'B');
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, a, b]] }), {
      resumable: true,
    });
    expect(run.error).toBeUndefined();
    const checkpoints = run.stored
      .filter((event) => event.actions.agentState !== undefined)
      .map((event) => [event.author, event.actions.agentState]);
    const node = (status: number) => ({ status, interrupts: [] });
    expect(checkpoints).toEqual([
      ['wf', { nodes: { a: node(NodeStatus.RUNNING) } }],
      ['wf', { nodes: { a: node(NodeStatus.COMPLETED) } }],
      ['wf', { nodes: { a: node(NodeStatus.COMPLETED), b: node(NodeStatus.RUNNING) } }],
      ['wf', { nodes: { a: node(NodeStatus.COMPLETED), b: node(NodeStatus.COMPLETED) } }],
    ]);
    expect(run.stored.at(-1)).toMatchObject({ author: 'wf', actions: { endOfAgent: true } });
  });

  it('writes no checkpoint when the app is not resumable', async () => {
    const a = new FunctionNode('a', () => 'A');
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, a]] }));
    expect(run.stored.some((event) => event.actions.agentState || event.actions.endOfAgent)).toBe(
      false,
    );
  });
});

/** Waits (by yielding to the event loop) until `condition` holds. */
async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise<void>((resolve) => setImmediate(resolve));
}

describe('Detached dynamic nodes (issue 17 §3, _workflow.py _surface_detached_dynamic_outcome)', () => {
  it('waits for a child still running when the graph is done, and fails the run with its error', async () => {
    const release = deferred();
    const child = new FunctionNode('child', async () => {
      await release.promise;
      throw new Error('detached failure');
    });
    const parent = new FunctionNode('parent', (ctx: NodeContext) => {
      void ctx.runNode(child).catch(() => undefined);
      return 'parent done';
    });
    const wf = new Workflow({ name: 'wf', edges: [[START, parent]] });
    const runner = new InMemoryRunner({
      agent: wf,
      appName: 'app',
      resumabilityConfig: { isResumable: true },
    });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    let error: unknown;
    try {
      for await (const event of runner.runAsync({
        userId: 'u',
        sessionId: 's',
        newMessage: { role: 'user', parts: [{ text: 'go' }] },
      })) {
        // The parent's COMPLETED checkpoint is the graph's last step: the
        // child is released only once nothing else is left to run.
        const nodes = event.actions.agentState?.['nodes'] as Record<string, { status: number }>;
        if (nodes?.['parent']?.status === NodeStatus.COMPLETED) release.resolve();
      }
    } catch (caught) {
      error = caught;
    }
    expect((error as Error).message).toBe('detached failure');
  });
});

describe('ctx.runNode results by run id (issue 17 §3, _dynamic_node_scheduler.py)', () => {
  it('runs a child once for concurrent and repeated calls with the same run id', async () => {
    let runs = 0;
    const child = new FunctionNode('child', async () => {
      runs += 1;
      await Promise.resolve();
      return 'once';
    });
    const parent = new FunctionNode('parent', async (ctx: NodeContext) => {
      const [first, second] = await Promise.all([
        ctx.runNode(child, undefined, { runId: 'fixed' }),
        ctx.runNode(child, undefined, { runId: 'fixed' }),
      ]);
      const third = await ctx.runNode(child, undefined, { runId: 'fixed' });
      return [first, second, third];
    });
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, parent]] }));
    expect(run.error).toBeUndefined();
    expect(runs).toBe(1);
    expect(outputsByPath(run.stored)).toEqual([
      ['wf@1/parent@1/child@fixed', 'once'],
      ['wf@1/parent@1', ['once', 'once', 'once']],
    ]);
  });
});
