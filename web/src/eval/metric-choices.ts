import type { WireEvalMetric, WireMetricInfo } from './eval-types';

/** One metric in the run form: whether it is picked, its threshold as typed, and its allowed range. */
export interface MetricChoice {
  metricName: string;
  description: string;
  min: number;
  max: number;
  selected: boolean;
  /** As typed in the form (checked by `toEvalMetrics`). */
  threshold: string;
}

/**
 * The default criteria of adk-python's EvalConfig (used when no
 * test_config.json is given): picked at first, with these thresholds.
 */
export const DEFAULT_CRITERIA: Readonly<Record<string, number>> = {
  tool_trajectory_avg_score: 1.0,
  response_match_score: 0.8,
};

/**
 * The run form's starting choices, one per metric the server offers, in
 * its order: the default criteria picked with their thresholds, every other
 * metric unpicked with the top of its range (a perfect score) as threshold.
 * A metric without a value range gets [0, 1].
 */
export function defaultMetricChoices(metricsInfo: readonly WireMetricInfo[]): MetricChoice[] {
  return metricsInfo.map((info) => {
    const interval = info.metricValueInfo?.interval;
    const min = interval?.minValue ?? 0;
    const max = interval?.maxValue ?? 1;
    const preset = DEFAULT_CRITERIA[info.metricName];
    return {
      metricName: info.metricName,
      description: info.description ?? '',
      min,
      max,
      selected: preset !== undefined,
      threshold: String(preset ?? max),
    };
  });
}

/** The metrics to send, or what is wrong with the form. */
export type MetricsCheck = { ok: true; metrics: WireEvalMetric[] } | { ok: false; error: string };

/**
 * The picked metrics with their thresholds as numbers (each also as the
 * metric's criterion, see `WireEvalMetric`); an error when none is picked or
 * a picked threshold is not a number within the metric's range.
 */
export function toEvalMetrics(choices: readonly MetricChoice[]): MetricsCheck {
  const picked = choices.filter((choice) => choice.selected);
  if (picked.length === 0) return { ok: false, error: 'Pick at least one metric.' };
  const metrics: WireEvalMetric[] = [];
  for (const choice of picked) {
    const text = choice.threshold.trim();
    const threshold = Number(text);
    if (text === '' || !Number.isFinite(threshold)) {
      return { ok: false, error: `The threshold of ${choice.metricName} must be a number.` };
    }
    if (threshold < choice.min || threshold > choice.max) {
      return {
        ok: false,
        error: `The threshold of ${choice.metricName} must be between ${choice.min} and ${choice.max}.`,
      };
    }
    metrics.push({ metricName: choice.metricName, threshold, criterion: { threshold } });
  }
  return { ok: true, metrics };
}
