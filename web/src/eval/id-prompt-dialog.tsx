import { useState } from 'preact/hooks';
import { FormFooter } from '../ui/form-footer';
import { ModalDialog } from '../ui/modal-dialog';
import { errorMessage } from './error-message';
import type { IdRule } from './id-rules';

/** Props of IdPromptDialog. */
export interface IdPromptDialogProps {
  title: string;
  /** The field's label, e.g. `Eval set id`. */
  label: string;
  /** What the id may be; checked before `onSubmit` is called. */
  rule: IdRule;
  submitLabel: string;
  /** A hint under the field. */
  hint?: string;
  initialValue?: string;
  /** Does the work; a rejection is shown in the dialog, which stays open. */
  onSubmit: (id: string) => Promise<void>;
  onClose: () => void;
}

/**
 * Asks for one id (an eval set's or an eval case's), checks it against its
 * rule before anything is sent (saying what the id may contain), and submits
 * it; the server's refusal (a duplicate id, a missing set) shows in the dialog.
 */
export function IdPromptDialog(props: IdPromptDialogProps) {
  const { title, label, rule, submitLabel, hint, initialValue = '', onSubmit, onClose } = props;
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    const id = value.trim();
    if (!rule.pattern.test(id)) {
      setError(`${label} may contain only ${rule.allowed}.`);
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
        <FormFooter
          error={error}
          submitLabel={submitLabel}
          submitDisabled={busy}
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  );
}
