import { describe, expect, it } from 'vitest';
import { BaseNode } from './base-node.js';
import type { NodeContext } from './node-context.js';
import { FunctionNode } from './function-node.js';
import { JoinNode } from './join-node.js';
import { RequestInput } from './request-input.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { deferred, outputsByPath, runWorkflow } from './workflow-run-test-fixtures.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';

/** A node whose run sets ctx.output and ctx.route and yields nothing. */
class SettingNode extends BaseNode {
  // eslint-disable-next-line require-yield
  protected async *runImpl(ctx: NodeContext): AsyncGenerator<unknown, void, undefined> {
    ctx.output = 'set';
    ctx.route = 'go';
  }
}

describe('NodeRunner (004 §2, _node_runner.py)', () => {
  it('flushes an output and route set on ctx as one event at the end of the run', async () => {
    const setter = new SettingNode({ name: 'setter' });
    const next = new FunctionNode('next', (_ctx, input: string) => `${input}!`);
    const run = await runWorkflow(
      new Workflow({ name: 'wf', edges: [[START, setter, { go: next }]] }),
    );
    expect(run.error).toBeUndefined();
    const flushed = run.stored.find((event) => event.nodeInfo?.path === 'wf@1/setter@1');
    expect(flushed).toMatchObject({ author: 'setter', output: 'set', actions: { route: 'go' } });
    expect(outputsByPath(run.stored).at(-1)).toEqual(['wf@1/next@1', 'set!']);
  });

  it('gives the node its run facts on ctx: nodeInput, nodePath, runId, attemptCount', async () => {
    const seen: unknown[] = [];
    const a = new FunctionNode('a', () => 'A');
    const b = new FunctionNode('b', (ctx: NodeContext) => {
      seen.push(
        ctx.nodeInput,
        ctx.nodePath,
        ctx.runId,
        ctx.attemptCount,
        ctx.parentContext?.nodePath,
      );
    });
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, a, b]] }));
    expect(run.error).toBeUndefined();
    expect(seen).toEqual(['A', 'wf@1/b@1', '1', 1, 'wf@1']);
  });

  it('throws when a node sets ctx.output twice in one run', async () => {
    const twice = new FunctionNode('twice', (ctx: NodeContext) => {
      ctx.output = 1;
      ctx.output = 2;
    });
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, twice]] }));
    expect((run.error as Error).message).toBe("Node 'twice' set its output twice in one run.");
  });

  it('stops at a RequestInput: the node waits, its successors do not run, the call is long-running', async () => {
    const ask = new FunctionNode(
      'ask',
      () => new RequestInput({ interruptId: 'q1', message: 'ok?' }),
    );
    const after = new FunctionNode('after', () => 'ran');
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, ask, after]] }), {
      resumable: true,
    });
    expect(run.error).toBeUndefined();
    const asked = run.stored.find((event) => event.longRunningToolIds?.includes('q1'));
    expect(asked).toMatchObject({
      author: 'ask',
      nodeInfo: { path: 'wf@1/ask@1' },
      content: { parts: [{ functionCall: { name: 'adk_request_input', id: 'q1' } }] },
    });
    expect(outputsByPath(run.stored)).toEqual([]);
    const last = run.stored.filter((event) => event.actions.agentState).at(-1);
    expect(last?.actions.agentState).toEqual({ nodes: { ask: { status: 4, interrupts: ['q1'] } } });
    expect(run.stored.some((event) => event.actions.endOfAgent)).toBe(false);
  });

  it('runs a workflow inside another as a node: paths nest and the inner terminal output counts for both', async () => {
    const x = new FunctionNode('x', () => 'X');
    const y = new FunctionNode('y', (_ctx, input: string) => `${input}Y`);
    const inner = new Workflow({ name: 'inner', edges: [[START, x, y]] });
    const z = new FunctionNode('z', (_ctx, input: string) => `${input}Z`);
    const outer = new Workflow({ name: 'outer', edges: [[START, inner.node, z]] });
    const run = await runWorkflow(outer);
    expect(run.error).toBeUndefined();
    expect(
      run.stored.filter((event) => event.output !== undefined).map((event) => event.nodeInfo),
    ).toEqual([
      { path: 'outer@1/inner@1/x@1', outputFor: ['outer@1/inner@1/x@1'] },
      { path: 'outer@1/inner@1/y@1', outputFor: ['outer@1/inner@1/y@1', 'outer@1/inner@1'] },
      { path: 'outer@1/z@1', outputFor: ['outer@1/z@1', 'outer@1'] },
    ]);
    expect(outputsByPath(run.stored).at(-1)).toEqual(['outer@1/z@1', 'XYZ']);
  });

  it('takes a JoinNode input from START and another predecessor', async () => {
    const a = new FunctionNode('a', () => 'A');
    const join = new JoinNode({ name: 'join' });
    const wf = new Workflow({
      name: 'wf',
      edges: [
        [START, [a, join]],
        [a, join],
      ],
    });
    const run = await runWorkflow(wf);
    expect(run.error).toBeUndefined();
    const joined = run.stored.find((event) => event.nodeInfo?.path === 'wf@1/join@1');
    expect(joined?.output).toMatchObject({ a: 'A', __START__: { role: 'user' } });
  });

  it('cancels the running nodes when the consumer stops reading events', async () => {
    const aborted = deferred();
    const first = new FunctionNode('first', () => 'one');
    const hang = new FunctionNode('hang', async (ctx: NodeContext) => {
      await new Promise<void>((resolve) =>
        ctx.abortSignal?.addEventListener('abort', () => resolve()),
      );
      aborted.resolve();
    });
    const join = new JoinNode({ name: 'join' });
    const wf = new Workflow({ name: 'wf', edges: [[START, [first, hang], join]] });
    const runner = new InMemoryRunner({ agent: wf, appName: 'app' });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: 's',
      newMessage: { role: 'user', parts: [{ text: 'go' }] },
    })) {
      if (event.output === 'one') break;
    }
    await aborted.promise;
  });
});
