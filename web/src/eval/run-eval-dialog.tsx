import { useState } from 'preact/hooks';
import { FormFooter } from '../ui/form-footer';
import { ModalDialog } from '../ui/modal-dialog';
import type { WireEvalMetric } from './eval-types';
import { toEvalMetrics, type MetricChoice } from './metric-choices';

/** Props of RunEvalDialog. */
export interface RunEvalDialogProps {
  /** How many cases will run. */
  caseCount: number;
  /** The form as last left (kept between runs). */
  choices: MetricChoice[];
  onChoicesChange: (choices: MetricChoice[]) => void;
  /** Starts the run with the checked metrics; the dialog closes. */
  onRun: (metrics: WireEvalMetric[]) => void;
  onClose: () => void;
}

/**
 * The run form: one row per metric the server offers (metrics-info), with
 * its description, a checkbox and a threshold within the metric's range;
 * checked before the run starts.
 */
export function RunEvalDialog(props: RunEvalDialogProps) {
  const { caseCount, choices, onChoicesChange, onRun, onClose } = props;
  const [error, setError] = useState<string | null>(null);
  const change = (index: number, patch: Partial<MetricChoice>): void => {
    setError(null);
    onChoicesChange(
      choices.map((choice, position) => (position === index ? { ...choice, ...patch } : choice)),
    );
  };
  const submit = (event: Event): void => {
    event.preventDefault();
    const checked = toEvalMetrics(choices);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    onRun(checked.metrics);
  };

  return (
    <ModalDialog title="Run evaluation" onClose={onClose} wide>
      {/* Our own check says what is wrong; the browser's would only outline the field. */}
      <form onSubmit={submit} noValidate>
        <p class="hint">
          {caseCount === 1 ? '1 case' : `${caseCount} cases`} will run. A case passes when every
          checked metric's score reaches its threshold.
        </p>
        {choices.length === 0 ? (
          <p class="error-text">The server offers no metrics (metrics-info is empty).</p>
        ) : (
          <ul class="metric-choices">
            {choices.map((choice, index) => (
              <li key={choice.metricName} class="metric-choice">
                <label class="metric-choice-name">
                  <input
                    type="checkbox"
                    checked={choice.selected}
                    onChange={(event) => change(index, { selected: event.currentTarget.checked })}
                  />
                  <span class="mono">{choice.metricName}</span>
                </label>
                <label class="metric-threshold">
                  <span>Threshold</span>
                  <input
                    type="number"
                    step="0.05"
                    min={choice.min}
                    max={choice.max}
                    value={choice.threshold}
                    disabled={!choice.selected}
                    aria-label={`Threshold of ${choice.metricName}`}
                    onInput={(event) => change(index, { threshold: event.currentTarget.value })}
                  />
                </label>
                {choice.description && <p class="hint metric-description">{choice.description}</p>}
              </li>
            ))}
          </ul>
        )}
        <FormFooter
          error={error}
          submitLabel="Run"
          submitDisabled={choices.length === 0}
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  );
}
