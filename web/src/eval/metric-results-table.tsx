import type { WireEvalMetricResult } from './eval-types';
import { formatScore, statusClass, statusLabel } from './eval-status';

/** A status badge: Passed (green), Failed (red) or Not evaluated. */
export function StatusBadge({ status }: { status: number | undefined }) {
  return (
    <span class={`eval-status eval-status-${statusClass(status)}`}>{statusLabel(status)}</span>
  );
}

/** Each metric's score against its threshold and the verdict. */
export function MetricResultsTable({
  results,
  label,
}: {
  results: readonly WireEvalMetricResult[];
  label: string;
}) {
  if (results.length === 0) return <p class="muted">No metric results.</p>;
  return (
    <table class="metric-results" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Metric</th>
          <th scope="col">Score</th>
          <th scope="col">Threshold</th>
          <th scope="col">Result</th>
        </tr>
      </thead>
      <tbody>
        {results.map((result) => (
          <tr key={result.metricName} data-metric={result.metricName}>
            <td class="mono">{result.metricName}</td>
            <td>{formatScore(result.score)}</td>
            <td>{formatScore(result.threshold)}</td>
            <td>
              <StatusBadge status={result.evalStatus} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
