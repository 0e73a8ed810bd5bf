/** Props of FormFooter. */
export interface FormFooterProps {
  /** The form's error, shown as an alert above the buttons; none when `null`. */
  error: string | null;
  submitLabel: string;
  /** Disables the submit button (a request in flight, nothing to submit). */
  submitDisabled?: boolean;
  onCancel: () => void;
}

/**
 * The end of a dialog's form: its error (an alert, so screen readers hear
 * it), then Cancel and the primary submit button.
 */
export function FormFooter({
  error,
  submitLabel,
  submitDisabled = false,
  onCancel,
}: FormFooterProps) {
  return (
    <>
      {error && (
        <p class="error-text" role="alert">
          {error}
        </p>
      )}
      <div class="dialog-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" class="primary" disabled={submitDisabled}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
