import type { ShownResults } from './eval-store';
import type { WireEvalCaseResult } from './eval-types';
import { formatScore } from './eval-status';
import { StatusBadge } from './metric-results-table';

/**
 * The cases of one run, each with its verdict and its metrics' scores
 * against their thresholds; Details opens the per-invocation diff.
 */
export function EvalResultsList({
  shown,
  onOpen,
}: {
  shown: ShownResults;
  onOpen: (result: WireEvalCaseResult) => void;
}) {
  const passed = shown.cases.filter((result) => result.finalEvalStatus === 1).length;
  const title =
    shown.source === 'run' ? 'Latest run' : `Stored result ${shown.resultId ?? shown.evalSetId}`;
  return (
    <section class="eval-results" aria-label="Eval results">
      <div class="panel-toolbar">
        <h4>{title}</h4>
        <span class="muted small">
          {passed} of {shown.cases.length} passed · set <span class="mono">{shown.evalSetId}</span>
        </span>
      </div>
      {shown.cases.length === 0 ? (
        <p class="panel-empty">No case was run.</p>
      ) : (
        <ul class="eval-list">
          {shown.cases.map((result) => (
            <li key={result.evalId} class="eval-result-row" data-eval-id={result.evalId}>
              <span class="mono eval-id">{result.evalId}</span>
              <StatusBadge status={result.finalEvalStatus} />
              <span class="eval-metric-summary small">
                {result.overallEvalMetricResults.map((metric) => (
                  <span key={metric.metricName} class="eval-metric-chip">
                    {metric.metricName} {formatScore(metric.score)} /{' '}
                    {formatScore(metric.threshold)}
                  </span>
                ))}
              </span>
              <button type="button" onClick={() => onOpen(result)}>
                Details
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
