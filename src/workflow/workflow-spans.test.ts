import { trace } from '@opentelemetry/api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StoredSpan } from '../telemetry/recording-span.js';
import { InMemorySpanStore, registerSpanStore } from '../telemetry/span-store.js';
import { FunctionNode } from './function-node.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { TestClock, runWorkflow } from './workflow-run-test-fixtures.js';

const store = new InMemorySpanStore();

beforeAll(() => {
  trace.disable();
  expect(registerSpanStore(store)).toBe(true);
});
afterAll(() => trace.disable());
afterEach(() => store.clear());

function named(spans: readonly StoredSpan[], name: string): StoredSpan[] {
  return spans.filter((span) => span.name === name);
}

describe('Node spans (issue 17 §7 trace, telemetry/node_tracing.py)', () => {
  it('opens invoke_workflow for the graph and invoke_node per node run, nested under it', async () => {
    const a = new FunctionNode('a', () => 'A');
    const b = new FunctionNode('b', () => 'B');
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, a, b]] }));
    expect(run.error).toBeUndefined();
    const spans = store.getAllSpans();
    const [workflow] = named(spans, 'invoke_workflow wf');
    expect(workflow?.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_workflow',
      'gen_ai.workflow.name': 'wf',
    });
    expect(workflow?.attributes).not.toHaveProperty('gen_ai.workflow.nested');
    const [nodeA] = named(spans, 'invoke_node a');
    expect(nodeA?.parentSpanId).toBe(workflow?.spanId);
    expect(nodeA?.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_node',
      'gen_ai.conversation.id': 's',
    });
    const outputEvent = run.stored.find((event) => event.output === 'A');
    expect(nodeA?.attributes['gcp.vertex.agent.associated_event_ids']).toEqual([outputEvent?.id]);
    expect(named(spans, 'invoke_node b')).toHaveLength(1);
  });

  it('marks a nested workflow and records each failed attempt as an error span', async () => {
    let calls = 0;
    const flaky = new FunctionNode(
      'flaky',
      () => {
        calls += 1;
        if (calls === 1) throw new RangeError('first');
        return 'ok';
      },
      { retryConfig: { initialDelay: 0 } },
    );
    const inner = new Workflow({ name: 'inner', edges: [[START, flaky]] });
    const outer = new Workflow({
      name: 'outer',
      edges: [[START, inner.node]],
      clock: new TestClock(),
    });
    const run = await runWorkflow(outer);
    expect(run.error).toBeUndefined();
    const spans = store.getAllSpans();
    expect(named(spans, 'invoke_workflow inner')[0]?.attributes).toMatchObject({
      'gen_ai.workflow.nested': true,
    });
    const attempts = named(spans, 'invoke_node flaky');
    expect(attempts.map((span) => span.statusCode)).toEqual([2, 0]);
    expect(attempts[0]?.attributes['error.type']).toBe('RangeError');
  });
});
