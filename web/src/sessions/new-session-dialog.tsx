import { useState } from 'preact/hooks';
import { FormFooter } from '../ui/form-footer';
import { ModalDialog } from '../ui/modal-dialog';
import { parseJsonObject } from '../ui/json-view';

/** Props of NewSessionDialog. */
export interface NewSessionDialogProps {
  /** Creates the session; a rejection is shown in the dialog. */
  onCreate: (state: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
}

/**
 * Asks for the new session's initial state as JSON (optional), checks it
 * is a JSON object before anything is sent, and creates the session.
 */
export function NewSessionDialog({ onCreate, onClose }: NewSessionDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    const parsed = parseJsonObject(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setBusy(true);
    try {
      await onCreate(parsed.value);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };

  return (
    <ModalDialog title="New session" onClose={onClose}>
      <form onSubmit={(event) => void submit(event)}>
        <label class="field">
          <span>Initial state (JSON)</span>
          <textarea
            class="code-input"
            rows={8}
            placeholder='{"key": "value"}'
            value={text}
            aria-invalid={error !== null}
            aria-describedby="new-session-hint"
            onInput={(event) => {
              setText(event.currentTarget.value);
              setError(null);
            }}
          />
        </label>
        <p id="new-session-hint" class="hint">
          Optional. Leave empty to start with an empty state.
        </p>
        <FormFooter error={error} submitLabel="Create" submitDisabled={busy} onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}
