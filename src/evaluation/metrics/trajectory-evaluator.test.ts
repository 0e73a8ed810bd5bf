import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { EvalStatus, type EvalMetric } from '../eval-metrics.js';
import { call, invocation } from './metric-test-fixtures.js';
import { TrajectoryEvaluator } from './trajectory-evaluator.js';

function evaluator(criterion?: Record<string, unknown>, threshold = 1): TrajectoryEvaluator {
  const evalMetric = {
    metricName: 'tool_trajectory_avg_score',
    threshold,
    ...(criterion === undefined ? {} : { criterion }),
  } as EvalMetric;
  return new TrajectoryEvaluator({ evalMetric });
}

async function score(
  matchType: string | number | undefined,
  actual: ReturnType<typeof call>[],
  expected: ReturnType<typeof call>[],
  extra: Record<string, unknown> = {},
): Promise<number | undefined> {
  const criterion = matchType === undefined ? undefined : { threshold: 1, matchType, ...extra };
  const result = await evaluator(criterion).evaluateInvocations({
    actualInvocations: [invocation({ toolCalls: actual })],
    expectedInvocations: [invocation({ toolCalls: expected })],
  });
  return result.overallScore;
}

const t1 = call('t1', { a: 1 });
const t2 = call('t2', { b: 'x' });
const t3 = call('t3');
const extra = call('other', { z: true });

describe('TrajectoryEvaluator', () => {
  it('EXACT needs the same calls in the same order, nothing more', async () => {
    expect(await score('EXACT', [t1, t2], [t1, t2])).toBe(1);
    expect(await score('EXACT', [t2, t1], [t1, t2])).toBe(0);
    expect(await score('EXACT', [t1, t2, extra], [t1, t2])).toBe(0);
    expect(await score('EXACT', [], [])).toBe(1);
  });

  it('is EXACT without a criterion, with the metric threshold', async () => {
    expect(await score(undefined, [t1, extra], [t1])).toBe(0);
    expect(await score(undefined, [t1], [t1])).toBe(1);
  });

  it('IN_ORDER allows calls in between but not a different order', async () => {
    // The reference's examples: [T1, T1.1, T2, T2.1, T2.2, T3, T3.1] contains [T1, T2, T3] in order.
    expect(await score('IN_ORDER', [t1, extra, t2, extra, extra, t3, extra], [t1, t2, t3])).toBe(1);
    expect(await score('IN_ORDER', [t1, extra, t2], [t1, t2, t3])).toBe(0);
    expect(await score('IN_ORDER', [t2, t1], [t1, t2])).toBe(0);
    expect(await score('IN_ORDER', [extra], [])).toBe(1);
    expect(await score('IN_ORDER', [], [t1])).toBe(0);
  });

  it('ANY_ORDER needs each expected call once, in any order', async () => {
    expect(await score('ANY_ORDER', [t2, extra, t1, t3], [t1, t2, t3])).toBe(1);
    // One actual call answers one expected call only.
    expect(await score('ANY_ORDER', [t1], [t1, t1])).toBe(0);
    expect(await score('ANY_ORDER', [t1, t1], [t1, t1])).toBe(1);
    expect(await score('ANY_ORDER', [t1, t2], [t1, t2, t3])).toBe(0);
  });

  it('compares arguments as Python ==: key order ignored, 1 == 1.0 == True, None != {}', async () => {
    expect(await score('EXACT', [call('f', { a: 1, b: 2 })], [call('f', { b: 2, a: 1 })])).toBe(1);
    expect(await score('EXACT', [call('f', { a: true })], [call('f', { a: 1 })])).toBe(1);
    expect(await score('EXACT', [call('f', { a: '1' })], [call('f', { a: 1 })])).toBe(0);
    expect(await score('EXACT', [call('f')], [call('f', {})])).toBe(0);
  });

  it('ignores call ids and, with ignore_args, arguments', async () => {
    const withId = { ...call('t1', { a: 1 }), id: 'adk-123' };
    expect(await score('EXACT', [withId], [t1])).toBe(1);
    expect(await score('EXACT', [call('t1', { a: 2 })], [t1], { ignore_args: true })).toBe(1);
    expect(await score('EXACT', [call('t1', { a: 2 })], [t1], { ignoreArgs: false })).toBe(0);
  });

  it('reads match types as Python does: names in any case, - or space for _, or enum values', async () => {
    expect(await score('in-order', [t1, extra, t2], [t1, t2])).toBe(1);
    expect(await score(' any order ', [t2, t1], [t1, t2])).toBe(1);
    expect(await score(1, [t1, extra, t2], [t1, t2])).toBe(1);
    expect(() => evaluator({ threshold: 1, matchType: 'SOMETIMES' })).toThrow(InvalidArgumentError);
    expect(() => evaluator({ matchType: 'EXACT' })).toThrow(/ToolTrajectoryCriterion/);
  });

  it('averages invocations and sets each status from the threshold', async () => {
    const result = await evaluator({ threshold: 0.5, match_type: 'EXACT' }).evaluateInvocations({
      actualInvocations: [
        invocation({ toolCalls: [t1], id: 'a' }),
        invocation({ toolCalls: [t2], id: 'b' }),
        invocation({ toolCalls: [], id: 'c' }),
      ],
      expectedInvocations: [
        invocation({ toolCalls: [t1] }),
        invocation({ toolCalls: [t1] }),
        invocation({ toolCalls: [] }),
      ],
    });
    expect(result.perInvocationResults.map((r) => [r.score, r.evalStatus])).toEqual([
      [1, EvalStatus.PASSED],
      [0, EvalStatus.FAILED],
      [1, EvalStatus.PASSED],
    ]);
    expect(result.overallScore).toBeCloseTo(2 / 3, 15);
    expect(result.overallEvalStatus).toBe(EvalStatus.PASSED);
  });

  it('needs expected invocations of the same length, and scores nothing without invocations', async () => {
    await expect(
      evaluator().evaluateInvocations({ actualInvocations: [invocation()] }),
    ).rejects.toThrow(InvalidArgumentError);
    await expect(
      evaluator().evaluateInvocations({
        actualInvocations: [invocation()],
        expectedInvocations: [invocation(), invocation()],
      }),
    ).rejects.toThrow(/same length; got 1 and 2/);
    const empty = await evaluator().evaluateInvocations({
      actualInvocations: [],
      expectedInvocations: [],
    });
    expect(empty).toEqual({
      overallEvalStatus: EvalStatus.NOT_EVALUATED,
      perInvocationResults: [],
    });
  });
});
