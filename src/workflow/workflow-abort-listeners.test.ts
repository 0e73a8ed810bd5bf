import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { FunctionNode } from './function-node.js';
import { JoinNode } from './join-node.js';
import type { NodeContext } from './node-context.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { runWorkflow } from './workflow-run-test-fixtures.js';

describe('Workflow run leaves no abort listener behind (issue 17 §7 workflow bench, _workflow.py run loop)', () => {
  it("removes the workflow loop's and each node's abort listener once the run ends", async () => {
    // Node keeps an AbortSignal.any signal that still has a listener alive until it aborts,
    // so a listener left on would hold the run's contexts for the life of the process.
    const seen: NodeContext[] = [];
    const record = (name: string) =>
      new FunctionNode(name, (ctx) => {
        seen.push(ctx);
        return name;
      });
    const wf = new Workflow({
      name: 'wf',
      edges: [[START, record('a'), [record('b'), record('c')], new JoinNode({ name: 'join' })]],
    });
    const run = await runWorkflow(wf);
    expect(run.error).toBeUndefined();
    expect(seen.map((ctx) => ctx.node.name).sort()).toEqual(['a', 'b', 'c']);
    const signals = new Set<AbortSignal>();
    for (const ctx of seen) {
      if (ctx.abortSignal) signals.add(ctx.abortSignal);
      if (ctx.parentContext?.abortSignal) signals.add(ctx.parentContext.abortSignal);
    }
    expect(signals.size).toBe(4);
    for (const signal of signals) expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });
});
