import { ModalDialog } from '../ui/modal-dialog';
import type { WireEvalCaseResult } from './eval-types';
import { contentText, toolCallsOf } from './invocation-parts';
import { MetricResultsTable, StatusBadge } from './metric-results-table';
import { ResponseDiff } from './response-diff';
import { ToolCallsDiff } from './tool-calls-diff';

/**
 * One case's result: the verdict, each metric's overall score against its
 * threshold, and per invocation the metric scores and the expected vs
 * actual tool calls and final responses side by side.
 */
export function CaseResultDialog({
  result,
  onClose,
}: {
  result: WireEvalCaseResult;
  onClose: () => void;
}) {
  const perInvocation = result.evalMetricResultPerInvocation ?? [];
  return (
    <ModalDialog title={`Result of ${result.evalId}`} onClose={onClose} wide>
      <p>
        <StatusBadge status={result.finalEvalStatus} />{' '}
        <span class="muted">
          eval set <span class="mono">{result.evalSetId}</span>
          {result.sessionId && (
            <>
              {' '}
              · session <span class="mono">{result.sessionId}</span>
            </>
          )}
        </span>
      </p>
      <h3>Overall</h3>
      <MetricResultsTable
        results={result.overallEvalMetricResults}
        label="Overall metric results"
      />
      {perInvocation.length === 0 ? (
        <p class="muted">No per-invocation results.</p>
      ) : (
        <ol class="eval-turns">
          {perInvocation.map((entry, index) => {
            const expected = entry.expectedInvocation ?? null;
            return (
              <li key={index} class="eval-turn" aria-label={`Invocation ${index + 1}`}>
                <h3>Invocation {index + 1}</h3>
                <p>
                  <span class="muted">User: </span>
                  {contentText((expected ?? entry.actualInvocation).userContent)}
                </p>
                <MetricResultsTable
                  results={entry.evalMetricResults}
                  label={`Metric results of invocation ${index + 1}`}
                />
                <h4>Tool calls</h4>
                <ToolCallsDiff
                  expected={toolCallsOf(expected)}
                  actual={toolCallsOf(entry.actualInvocation)}
                />
                <h4>Final response</h4>
                <ResponseDiff
                  expected={contentText(expected?.finalResponse)}
                  actual={contentText(entry.actualInvocation.finalResponse)}
                />
              </li>
            );
          })}
        </ol>
      )}
      <div class="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
