import { useState } from 'preact/hooks';
import { ModalDialog } from '../ui/modal-dialog';
import { errorMessage } from './error-message';

/** Props of IdPromptDialog. */
export interface IdPromptDialogProps {
  title: string;
  /** The field's label, e.g. `Eval set id`. */
  label: string;
  submitLabel: string;
  /** A hint under the field. */
  hint?: string;
  initialValue?: string;
  /** Does the work; a rejection is shown in the dialog, which stays open. */
  onSubmit: (id: string) => Promise<void>;
  onClose: () => void;
}

// The ids become file names on the server (eval set files, case ids inside them).
const ID_PATTERN = /^[A-Za-z0-9_.-]+$/;

/**
 * Asks for one id (an eval set's or an eval case's), checks it is made of
 * letters, digits, `_`, `.` and `-` before anything is sent, and submits it;
 * the server's refusal (a duplicate id, a missing set) shows in the dialog.
 */
export function IdPromptDialog(props: IdPromptDialogProps) {
  const { title, label, submitLabel, hint, initialValue = '', onSubmit, onClose } = props;
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    const id = value.trim();
    if (!ID_PATTERN.test(id)) {
      setError(`${label} must be letters, digits, "_", "." or "-".`);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(id);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={title} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)}>
        <label class="field">
          <span>{label}</span>
          <input
            value={value}
            aria-invalid={error !== null}
            onInput={(event) => {
              setValue(event.currentTarget.value);
              setError(null);
            }}
          />
        </label>
        {hint && <p class="hint">{hint}</p>}
        {error && (
          <p class="error-text" role="alert">
            {error}
          </p>
        )}
        <div class="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" class="primary" disabled={busy}>
            {submitLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
