import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { EvalStatus, type EvalMetric } from './eval-metrics.js';
import {
  averageOverInvocations,
  evalStatusOf,
  getMetricThreshold,
  textOf,
} from './metric-scoring.js';
import { invocation } from './metrics/metric-test-fixtures.js';

describe('metric scoring helpers', () => {
  it('passes a score at or above the threshold', () => {
    expect(evalStatusOf(0.5, 0.5)).toBe(EvalStatus.PASSED);
    expect(evalStatusOf(0.49, 0.5)).toBe(EvalStatus.FAILED);
    expect(evalStatusOf(undefined, 0.5)).toBe(EvalStatus.NOT_EVALUATED);
  });

  it('reads the criterion threshold first, then the metric threshold', () => {
    const both = { metricName: 'm', threshold: 0.2, criterion: { threshold: 0.7 } } as EvalMetric;
    expect(getMetricThreshold(both)).toBe(0.7);
    expect(getMetricThreshold({ metricName: 'm', threshold: 0.2 } as EvalMetric)).toBe(0.2);
    expect(() => getMetricThreshold({ metricName: 'm' } as EvalMetric)).toThrow(
      InvalidArgumentError,
    );
  });

  it('averages the scored invocations only', () => {
    const actualInvocation = invocation();
    const result = averageOverInvocations(
      [
        { actualInvocation, score: 1, evalStatus: EvalStatus.PASSED },
        { actualInvocation, evalStatus: EvalStatus.NOT_EVALUATED },
        { actualInvocation, score: 0, evalStatus: EvalStatus.FAILED },
      ],
      0.5,
    );
    expect(result.overallScore).toBe(0.5);
    expect(result.overallEvalStatus).toBe(EvalStatus.PASSED);
    const unscored = averageOverInvocations(
      [{ actualInvocation, evalStatus: EvalStatus.NOT_EVALUATED }],
      0.5,
    );
    expect(unscored.overallScore).toBeUndefined();
    expect(unscored.overallEvalStatus).toBe(EvalStatus.NOT_EVALUATED);
    expect(unscored.perInvocationResults).toHaveLength(1);
  });

  it('joins the non-empty text parts of a content', () => {
    expect(textOf(undefined)).toBe('');
    expect(textOf({ role: 'model', parts: [{ text: 'a' }, { text: '' }, { text: 'b' }] })).toBe(
      'a\nb',
    );
  });
});
