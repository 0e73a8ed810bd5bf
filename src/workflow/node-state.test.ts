import { describe, expect, it } from 'vitest';
import { NodeStatus, isNodeStatus, nodeStatusName } from './node-status.js';
import {
  NodeStateCheckpoint,
  createNodeState,
  nodeStateFromCheckpoint,
  nodeStateToCheckpoint,
} from './node-state.js';

describe('NodeStatus (004 §3, _node_status.py)', () => {
  it('has the seven statuses with Python’s numbers', () => {
    expect(NodeStatus).toEqual({
      INACTIVE: 0,
      PENDING: 1,
      RUNNING: 2,
      COMPLETED: 3,
      WAITING: 4,
      FAILED: 5,
      CANCELLED: 6,
    });
    expect(nodeStatusName(NodeStatus.WAITING)).toBe('WAITING');
    expect(isNodeStatus(6)).toBe(true);
    expect(isNodeStatus(7)).toBe(false);
    expect(isNodeStatus('3')).toBe(false);
  });
});

describe('NodeState checkpoint (004 §3, _node_state.py)', () => {
  it('has Python’s defaults', () => {
    expect(createNodeState()).toEqual({
      status: NodeStatus.INACTIVE,
      input: undefined,
      attemptCount: 1,
      interrupts: [],
      resumeInputs: {},
      runCounter: 0,
      runId: undefined,
      parentRunId: undefined,
    });
  });

  it('stores a node that completed on its first attempt as {"status": 3}', () => {
    const state = createNodeState({ status: NodeStatus.COMPLETED });
    expect(JSON.stringify(nodeStateToCheckpoint(state))).toBe('{"status":3}');
  });

  it('writes every non-default field under Python’s snake_case name', () => {
    const state = createNodeState({
      status: NodeStatus.WAITING,
      input: { q: 'refund?' },
      attemptCount: 2,
      interrupts: ['i1'],
      resumeInputs: { i0: 'yes' },
      runCounter: 3,
      runId: '3',
      parentRunId: '1',
    });
    const checkpoint = nodeStateToCheckpoint(state);
    expect(checkpoint).toEqual({
      status: 4,
      input: { q: 'refund?' },
      attempt_count: 2,
      interrupts: ['i1'],
      resume_inputs: { i0: 'yes' },
      run_counter: 3,
      run_id: '3',
      parent_run_id: '1',
    });
    expect(nodeStateFromCheckpoint(JSON.parse(JSON.stringify(checkpoint)))).toEqual(state);
  });

  it('reads what Python writes: defaults filled, nulls as unset, unknown fields ignored', () => {
    const python = JSON.parse(
      '{"status": 2, "input": null, "interrupts": [], "resume_inputs": {}, "run_id": "1", "parent_run_id": null, "future_field": true}',
    ) as unknown;
    expect(nodeStateFromCheckpoint(python)).toEqual(
      createNodeState({ status: NodeStatus.RUNNING, runId: '1' }),
    );
    expect(nodeStateFromCheckpoint({})).toEqual(createNodeState());
  });

  it('keeps untrusted interrupt ids in resume inputs as data', () => {
    const state = nodeStateFromCheckpoint(
      JSON.parse('{"status": 3, "resume_inputs": {"__proto__": {"x": 1}}}'),
    );
    expect(Object.keys(state.resumeInputs)).toEqual(['__proto__']);
    expect(Object.keys(nodeStateToCheckpoint(state).resume_inputs ?? {})).toEqual(['__proto__']);
  });

  it('rejects a checkpoint with a wrong status or field type', () => {
    expect(() => nodeStateFromCheckpoint({ status: 9 })).toThrow();
    expect(() => nodeStateFromCheckpoint({ status: 3, attempt_count: '2' })).toThrow();
    expect(() => nodeStateFromCheckpoint('COMPLETED')).toThrow();
    expect(NodeStateCheckpoint.safeParse({ status: 3, run_counter: -1 }).success).toBe(false);
  });
});
