import { describe, expect, it } from 'vitest';
import { defaultMetricChoices, toEvalMetrics } from './metric-choices';

const info = [
  {
    metricName: 'tool_trajectory_avg_score',
    description: 'Tool calls',
    metricValueInfo: { interval: { minValue: 0, maxValue: 1 } },
  },
  {
    metricName: 'response_match_score',
    description: 'ROUGE-1',
    metricValueInfo: { interval: { minValue: 0, maxValue: 1 } },
  },
  { metricName: 'custom', metricValueInfo: { interval: { minValue: 1, maxValue: 5 } } },
  { metricName: 'bare' },
];

describe('defaultMetricChoices', () => {
  it("picks adk-python's default criteria and gives others the top of their range", () => {
    expect(defaultMetricChoices(info)).toEqual([
      {
        metricName: 'tool_trajectory_avg_score',
        description: 'Tool calls',
        min: 0,
        max: 1,
        selected: true,
        threshold: '1',
      },
      {
        metricName: 'response_match_score',
        description: 'ROUGE-1',
        min: 0,
        max: 1,
        selected: true,
        threshold: '0.8',
      },
      { metricName: 'custom', description: '', min: 1, max: 5, selected: false, threshold: '5' },
      { metricName: 'bare', description: '', min: 0, max: 1, selected: false, threshold: '1' },
    ]);
  });
});

describe('toEvalMetrics', () => {
  it('sends the picked metrics with numeric thresholds, also as their criteria', () => {
    expect(toEvalMetrics(defaultMetricChoices(info))).toEqual({
      ok: true,
      metrics: [
        { metricName: 'tool_trajectory_avg_score', threshold: 1, criterion: { threshold: 1 } },
        { metricName: 'response_match_score', threshold: 0.8, criterion: { threshold: 0.8 } },
      ],
    });
  });

  it('refuses no metric, a non-number and a threshold out of range', () => {
    const choices = defaultMetricChoices(info);
    expect(toEvalMetrics(choices.map((c) => ({ ...c, selected: false })))).toEqual({
      ok: false,
      error: 'Pick at least one metric.',
    });
    expect(
      toEvalMetrics(choices.map((c, i) => (i === 1 ? { ...c, threshold: 'abc' } : c))),
    ).toEqual({
      ok: false,
      error: 'The threshold of response_match_score must be a number.',
    });
    expect(toEvalMetrics(choices.map((c, i) => (i === 1 ? { ...c, threshold: ' ' } : c))).ok).toBe(
      false,
    );
    expect(
      toEvalMetrics(
        choices.map((c, i) => (i === 2 ? { ...c, selected: true, threshold: '0.5' } : c)),
      ),
    ).toEqual({ ok: false, error: 'The threshold of custom must be between 1 and 5.' });
  });
});
