import { describe, expect, it } from 'vitest';
import { FunctionNode } from './function-node.js';
import { decideReplay } from './replay-decision.js';
import type { RecoveredRun } from './workflow-recovery.js';

/**
 * A run whose own call `own` waits while its descendant's interrupt `inner`,
 * raised on `innerBranch`, was answered.
 */
function ownCallWaitsInnerAnswered(innerBranch = 'tool@own'): RecoveredRun {
  return {
    runId: '1',
    output: undefined,
    route: undefined,
    branch: undefined,
    failed: false,
    interruptIds: new Set(['own', 'inner']),
    directInterruptIds: new Set(['own']),
    interruptBranches: new Map([['inner', innerBranch]]),
    resolvedIds: new Set(['inner']),
    resolvedResponses: { inner: 'yes' },
    closedAt: undefined,
  };
}

describe('decideReplay: a descendant answered on the branch of the node own pending call (_replay_interceptor.py check_interception, _resume_utils.py decide_step_resume)', () => {
  const rerun = new FunctionNode('caller', () => 'x', { rerunOnResume: true });
  const noRerun = new FunctionNode('caller', () => 'x');

  it('a resumable app reruns the node with the answers', () => {
    expect(decideReplay(rerun, ownCallWaitsInnerAnswered(), { resumable: true })).toEqual({
      kind: 'run',
      resumeInputs: { inner: 'yes' },
    });
  });

  it('an app that is not resumable cannot: not-resumable, naming the pending call', () => {
    expect(decideReplay(rerun, ownCallWaitsInnerAnswered(), { resumable: false })).toEqual({
      kind: 'not-resumable',
      pending: ['own'],
    });
  });

  it('an answer on another branch does not resume the call: the node waits (Python case 2)', () => {
    for (const resumable of [true, false]) {
      expect(decideReplay(rerun, ownCallWaitsInnerAnswered('tool@other'), { resumable })).toEqual({
        kind: 'wait',
        interrupts: ['own'],
      });
    }
  });

  it('a node that does not rerun on resume keeps waiting either way', () => {
    for (const resumable of [true, false]) {
      expect(decideReplay(noRerun, ownCallWaitsInnerAnswered(), { resumable })).toEqual({
        kind: 'wait',
        interrupts: ['own'],
      });
    }
  });
});
