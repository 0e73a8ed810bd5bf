import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StateSchemaError } from '../errors/state-schema-error.js';
import { WorkflowDataError } from '../errors/workflow-data-error.js';
import { FunctionNode } from './function-node.js';
import { node } from './node-builder.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { outputs, runWorkflow } from './workflow-run-test-fixtures.js';

function seed(values: Record<string, unknown>) {
  return new FunctionNode('seed', (ctx) => {
    for (const [key, value] of Object.entries(values)) ctx.state.set(key, value);
  });
}

describe('FunctionNode state parameters (_function_node.py _bind_parameters, state mode)', () => {
  it('binds the declared state keys to the third argument; ctx and the input stay positional', async () => {
    const seen: unknown[] = [];
    const greet = new FunctionNode(
      'greet',
      (ctx, nodeInput: unknown, { counter, name }) => {
        seen.push([ctx.nodePath, nodeInput, counter, name]);
        // Typed from the schema: counter is a number.
        return `${name} #${counter + 1}`;
      },
      { stateParams: z.object({ counter: z.number(), name: z.string() }) },
    );
    const run = await runWorkflow(
      new Workflow({
        name: 'wf',
        edges: [[START, seed({ counter: 1, name: 'Ada' }), greet]],
      }),
    );
    expect(run.error).toBeUndefined();
    expect(seen).toEqual([['wf@1/greet@1', undefined, 1, 'Ada']]);
    expect(outputs(run.events)).toContain('Ada #2');
  });

  it('a missing key takes its default or is left out when optional', async () => {
    const seen: unknown[] = [];
    const read = new FunctionNode(
      'read',
      (_ctx, _input, params) => {
        seen.push(params);
      },
      {
        stateParams: z.object({
          limit: z.number().default(10),
          tag: z.string().optional(),
        }),
      },
    );
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, read]] }));
    expect(run.error).toBeUndefined();
    expect(seen).toEqual([{ limit: 10 }]);
  });

  it('a missing key without a default fails the node with WorkflowDataError, as Python words it', async () => {
    const read = new FunctionNode('read', () => 'never', {
      stateParams: z.object({ counter: z.number() }),
    });
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, read]] }));
    expect(WorkflowDataError.isInstance(run.error)).toBe(true);
    expect((run.error as WorkflowDataError).parameter).toBe('counter');
    expect((run.error as Error).message).toBe(
      'Missing value for parameter "counter" of function "read". It was not found in state and has no default value.',
    );
    expect(run.events.some((event) => event.errorCode === 'WorkflowDataError')).toBe(true);
  });

  it('values are validated and coerced by their field (Python TypeAdapter)', async () => {
    const seen: unknown[] = [];
    const read = new FunctionNode(
      'read',
      (_ctx, _input, { count }) => {
        seen.push(count);
      },
      { stateParams: z.object({ count: z.coerce.number() }) },
    );
    await runWorkflow(new Workflow({ name: 'wf', edges: [[START, seed({ count: '7' }), read]] }));
    expect(seen).toEqual([7]);

    const strict = new FunctionNode('strict', () => 'never', {
      stateParams: z.object({ count: z.number() }),
    });
    const run = await runWorkflow(
      new Workflow({ name: 'wf', edges: [[START, seed({ count: 'seven' }), strict]] }),
    );
    expect(WorkflowDataError.isInstance(run.error)).toBe(true);
    expect((run.error as Error).message).toContain('"count" of function "strict"');
  });

  it('(ctx, nodeInput) handlers work as before, with {} as the third argument; node() passes the option', async () => {
    const seen: unknown[] = [];
    const plain = new FunctionNode('plain', (_ctx, nodeInput: unknown, params) => {
      seen.push([nodeInput, params]);
      return 'ok';
    });
    const built = node(
      (_ctx: unknown, _input: unknown, params: unknown) => {
        seen.push(params);
      },
      { name: 'built', stateParams: z.object({ flag: z.boolean().default(true) }) },
    );
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, plain, built]] }));
    expect(run.error).toBeUndefined();
    expect(seen[0]).toEqual([{ role: 'user', parts: [{ text: 'start' }] }, {}]);
    expect(seen[1]).toEqual({ flag: true });
  });

  it('a workflow with a stateSchema rejects, when made, a state parameter it does not declare (test_state_schema.py startup)', () => {
    const Pipeline = z.object({ counter: z.number(), name: z.string() });
    const bad = new FunctionNode('bad', () => 'done', {
      stateParams: z.object({ unknown_param: z.string() }),
    });
    let caught: unknown;
    try {
      new Workflow({ name: 'wf', edges: [[START, bad]], stateSchema: Pipeline });
    } catch (error) {
      caught = error;
    }
    expect(StateSchemaError.isInstance(caught)).toBe(true);
    expect((caught as StateSchemaError).key).toBe('unknown_param');

    const good = new FunctionNode('good', () => 'done', {
      stateParams: z.object({ counter: z.number(), name: z.string(), 'app:theme': z.string() }),
    });
    expect(
      () => new Workflow({ name: 'wf', edges: [[START, good]], stateSchema: Pipeline }),
    ).not.toThrow();
    // Without a schema nothing is checked.
    expect(() => new Workflow({ name: 'wf', edges: [[START, bad]] })).not.toThrow();
  });
});
