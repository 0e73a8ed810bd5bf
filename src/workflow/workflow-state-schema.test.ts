import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StateSchemaError } from '../errors/state-schema-error.js';
import { createEvent } from '../events/event.js';
import { FunctionNode } from './function-node.js';
import type { NodeContext } from './node-context.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { outputs, runWorkflow } from './workflow-run-test-fixtures.js';

const Pipeline = z.object({ counter: z.number().int(), name: z.string() });
const NodeKeys = z.object({ x: z.number(), y: z.number() });

function writer(write: (ctx: NodeContext) => void, stateSchema?: z.ZodObject) {
  return new FunctionNode(
    'write_state',
    (ctx) => {
      write(ctx);
      return 'done';
    },
    stateSchema ? { stateSchema } : {},
  );
}

function expectStateSchemaError(error: unknown, key: string): void {
  expect(StateSchemaError.isInstance(error)).toBe(true);
  expect((error as StateSchemaError).key).toBe(key);
}

describe('Workflow stateSchema enforcement (test_state_schema.py, _node_runner.py _track_event_in_context)', () => {
  it('valid writes through ctx.state run and are stored', async () => {
    const node = writer((ctx) => {
      ctx.state.set('counter', 5);
      ctx.state.set('name', 'hello');
      ctx.state.set('temp:debug', true);
      ctx.state.set('app:config', 'val');
    });
    const run = await runWorkflow(
      new Workflow({ name: 'wf', edges: [[START, node]], stateSchema: Pipeline }),
    );
    expect(run.error).toBeUndefined();
    expect(outputs(run.events)).toContain('done');
    expect(run.stored.find((event) => event.actions.stateDelta['counter'] === 5)).toBeDefined();
  });

  it('an undeclared key written through ctx.state fails the run with StateSchemaError, after its error event', async () => {
    const node = writer((ctx) => ctx.state.set('unknown_key', 'value'));
    const run = await runWorkflow(
      new Workflow({ name: 'wf', edges: [[START, node]], stateSchema: Pipeline }),
    );
    expectStateSchemaError(run.error, 'unknown_key');
    expect(run.events.some((event) => event.errorCode === 'StateSchemaError')).toBe(true);
    expect(run.stored.some((event) => 'unknown_key' in event.actions.stateDelta)).toBe(false);
  });

  it('a value that breaks a field constraint fails the run', async () => {
    const Constrained = z.object({ counter: z.number().int().min(1).max(10) });
    for (const counter of [0, 1, 10, 11]) {
      const node = writer((ctx) => ctx.state.set('counter', counter));
      const run = await runWorkflow(
        new Workflow({ name: 'wf', edges: [[START, node]], stateSchema: Constrained }),
      );
      if (counter === 0 || counter === 11) expectStateSchemaError(run.error, 'counter');
      else expect(outputs(run.events)).toContain('done');
    }
  });

  it("an event's own stateDelta is checked too", async () => {
    const emit = (state: Record<string, unknown>) =>
      new FunctionNode('emit_state', () =>
        createEvent({ author: '', output: 'done', actions: { stateDelta: state } }),
      );
    const bad = await runWorkflow(
      new Workflow({
        name: 'wf',
        edges: [[START, emit({ arbitrary_key: 'value' })]],
        stateSchema: Pipeline,
      }),
    );
    expectStateSchemaError(bad.error, 'arbitrary_key');
    const good = await runWorkflow(
      new Workflow({
        name: 'wf',
        edges: [[START, emit({ counter: 10, name: 'ok' })]],
        stateSchema: Pipeline,
      }),
    );
    expect(good.error).toBeUndefined();
    expect(outputs(good.events)).toContain('done');
  });

  it("a node's own stateSchema is checked, and wins over the workflow's", async () => {
    const guardedBad = writer((ctx) => ctx.state.set('bad_key', 'value'), NodeKeys);
    const bad = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, guardedBad]] }));
    expectStateSchemaError(bad.error, 'bad_key');
    // 'x' is in the node's schema but not in the workflow's.
    const guardedGood = writer((ctx) => ctx.state.set('x', 10), NodeKeys);
    const good = await runWorkflow(
      new Workflow({ name: 'wf', edges: [[START, guardedGood]], stateSchema: Pipeline }),
    );
    expect(good.error).toBeUndefined();
  });

  it('a node of a nested workflow inherits the outer schema', async () => {
    const inner = new Workflow({
      name: 'inner',
      edges: [[START, writer((ctx) => ctx.state.set('unknown', 'value'))]],
    });
    const run = await runWorkflow(
      new Workflow({ name: 'wf', edges: [[START, inner.node]], stateSchema: Pipeline }),
    );
    expectStateSchemaError(run.error, 'unknown');
  });

  it('without a schema anything may be written', async () => {
    const node = writer((ctx) => {
      ctx.state.set('any_key', 'any_value');
      ctx.state.set('another', 42);
    });
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, node]] }));
    expect(run.error).toBeUndefined();
  });
});
