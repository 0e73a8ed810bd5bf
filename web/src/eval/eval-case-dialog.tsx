import { useEffect, useState } from 'preact/hooks';
import { ModalDialog } from '../ui/modal-dialog';
import { JsonView } from '../ui/json-view';
import { deleteEvalCase, getEvalCase, updateEvalCase } from './eval-api';
import type { WireEvalCase } from './eval-types';
import { errorMessage } from './error-message';
import { contentText, toolCallsOf, withExpectedResponse } from './invocation-parts';
import { ToolCallText } from './tool-call-text';

/** Props of EvalCaseDialog. */
export interface EvalCaseDialogProps {
  appName: string;
  evalSetId: string;
  evalId: string;
  /** After a save or a delete (the tab relists the cases). */
  onChanged: () => void;
  onClose: () => void;
}

/**
 * One eval case: per invocation the user's message, the expected tool calls
 * (read-only) and the expected final response (editable). Save PUTs the
 * whole case back; Delete asks once more, then deletes it.
 */
export function EvalCaseDialog({
  appName,
  evalSetId,
  evalId,
  onChanged,
  onClose,
}: EvalCaseDialogProps) {
  const [evalCase, setEvalCase] = useState<WireEvalCase | null>(null);
  const [drafts, setDrafts] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    let current = true;
    getEvalCase(appName, evalSetId, evalId).then(
      (loaded) => {
        if (!current) return;
        setEvalCase(loaded);
        setDrafts((loaded.conversation ?? []).map((turn) => contentText(turn.finalResponse)));
      },
      (failure: unknown) =>
        current && setError(`Could not load ${evalId}: ${errorMessage(failure)}`),
    );
    return () => {
      current = false;
    };
  }, [appName, evalSetId, evalId]);

  const conversation = evalCase?.conversation ?? [];
  const dirty = conversation.some(
    (turn, index) => (drafts[index] ?? '') !== contentText(turn.finalResponse),
  );

  const save = async (): Promise<void> => {
    if (!evalCase) return;
    const updated = drafts.reduce<WireEvalCase>(
      (edited, text, index) =>
        text === contentText(evalCase.conversation?.[index]?.finalResponse)
          ? edited
          : withExpectedResponse(edited, index, text),
      evalCase,
    );
    setBusy(true);
    setError(null);
    try {
      await updateEvalCase(appName, evalSetId, updated);
      setEvalCase(updated);
      setStatus('Saved.');
      onChanged();
    } catch (failure) {
      setError(`Could not save ${evalId}: ${errorMessage(failure)}`);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await deleteEvalCase(appName, evalSetId, evalId);
      onChanged();
      onClose();
    } catch (failure) {
      setError(`Could not delete ${evalId}: ${errorMessage(failure)}`);
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={`Eval case ${evalId}`} onClose={onClose} wide>
      {!evalCase && !error && <p class="muted">Loading…</p>}
      {evalCase && !evalCase.conversation && (
        <>
          <p class="muted">
            This case has a conversation scenario (a simulated user) instead of fixed turns:
          </p>
          <JsonView value={evalCase.conversationScenario} label="Conversation scenario" />
        </>
      )}
      <ol class="eval-turns">
        {conversation.map((turn, index) => {
          const calls = toolCallsOf(turn);
          return (
            <li key={turn.invocationId ?? index} class="eval-turn" aria-label={`Turn ${index + 1}`}>
              <h3>Turn {index + 1}</h3>
              <p>
                <span class="muted">User: </span>
                {contentText(turn.userContent)}
              </p>
              <h4>Expected tool calls</h4>
              {calls.length === 0 ? (
                <p class="muted">None.</p>
              ) : (
                <ul class="tool-call-list">
                  {calls.map((call, position) => (
                    <li key={position}>
                      <ToolCallText call={call} />
                    </li>
                  ))}
                </ul>
              )}
              <label class="field">
                <span>Expected final response</span>
                <textarea
                  rows={3}
                  value={drafts[index] ?? ''}
                  onInput={(event) => {
                    const text = event.currentTarget.value;
                    setStatus(null);
                    setDrafts((list) => list.map((item, at) => (at === index ? text : item)));
                  }}
                />
              </label>
            </li>
          );
        })}
      </ol>
      {error && (
        <p class="error-text" role="alert">
          {error}
        </p>
      )}
      {status && (
        <p class="ok-text" role="status">
          {status}
        </p>
      )}
      <div class="dialog-actions">
        {confirmDelete ? (
          <>
            <span class="error-text">
              Delete {evalId} from {evalSetId}?
            </span>
            <button type="button" class="danger" disabled={busy} onClick={() => void remove()}>
              Delete
            </button>
            <button type="button" onClick={() => setConfirmDelete(false)}>
              Keep
            </button>
          </>
        ) : (
          <button type="button" disabled={!evalCase || busy} onClick={() => setConfirmDelete(true)}>
            Delete case
          </button>
        )}
        <span class="spacer" />
        <button type="button" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          class="primary"
          disabled={!evalCase || !dirty || busy}
          onClick={() => void save()}
        >
          Save
        </button>
      </div>
    </ModalDialog>
  );
}
