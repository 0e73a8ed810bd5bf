import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commonBranchPrefix, createSubBranch, appendNodePath } from './branch-path.js';
import { JoinNode } from './join-node.js';
import { runTestNode } from './workflow-test-fixtures.js';

describe('JoinNode (004 §2, _join_node.py)', () => {
  it('waits for every predecessor and passes their outputs on, keyed by predecessor', async () => {
    const join = new JoinNode({ name: 'join' });
    expect(join.requiresAllPredecessors).toBe(true);
    const ctx = await runTestNode(join, { a: 1, b: 'two' });
    expect(ctx.output).toEqual({ a: 1, b: 'two' });
  });

  it('applies inputSchema to each entry rather than to the map', async () => {
    const join = new JoinNode({ name: 'join', inputSchema: z.coerce.number() });
    expect((await runTestNode(join, { a: '1', b: 2 })).output).toEqual({ a: 1, b: 2 });
    expect((await runTestNode(join, { a: null, b: '3' })).output).toEqual({ a: null, b: 3 });
    const error = await runTestNode(join, { a: 'x' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      name: 'NodeSchemaValidationError',
      nodeName: 'join',
      direction: 'input',
    });
  });

  it('keeps untrusted predecessor names as data', async () => {
    const join = new JoinNode({ name: 'join', inputSchema: z.number() });
    const input = JSON.parse('{"__proto__": 1, "constructor": 2}') as Record<string, unknown>;
    const output = (await runTestNode(join, input)).output as Record<string, unknown>;
    expect(Object.keys(output)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
  });

  it('runs on its context branch, stamped on its output event', async () => {
    const ctx = await runTestNode(new JoinNode({ name: 'join' }), { a: 1 }, { branch: 'wf' });
    expect(ctx.events[0]?.branch).toBe('wf');
  });
});

describe('Branch paths (004 §2, _branch_path.py)', () => {
  it('finds the common prefix of the inputs’ branches, segment by segment', () => {
    expect(commonBranchPrefix(['wf.a@1.x', 'wf.a@1.y', 'wf.a@1'])).toBe('wf.a@1');
    expect(commonBranchPrefix(['wf.ab@1', 'wf.a@1'])).toBe('wf');
    expect(commonBranchPrefix(['a', 'b'])).toBeUndefined();
    expect(commonBranchPrefix(['wf.a', undefined])).toBeUndefined();
    expect(commonBranchPrefix([])).toBeUndefined();
  });

  it('builds sub-branches and node paths', () => {
    expect(createSubBranch('wf', { name: 'worker', runId: '2' })).toBe('wf.worker@2');
    expect(createSubBranch(undefined, { name: 'agent' })).toBe('agent');
    expect(appendNodePath('wf@1', 'a', '3')).toBe('wf@1/a@3');
    expect(appendNodePath('', 'wf', '1')).toBe('wf@1');
  });
});
