import { useState } from 'preact/hooks';
import type { WireSession } from '../api/types';
import { ModalDialog } from '../ui/modal-dialog';
import { NewSessionDialog } from './new-session-dialog';

/** Props of SessionsSidebar. */
export interface SessionsSidebarProps {
  sessions: readonly WireSession[];
  currentId: string | null;
  /** An error to show (loading, creating, importing or deleting failed). */
  error: string | null;
  onSelect: (sessionId: string) => void;
  onCreate: (state: Record<string, unknown>) => Promise<void>;
  onDelete: (sessionId: string) => Promise<void>;
  onImport: (file: File) => Promise<void>;
}

/** When a session was last updated, as local date and time. */
function updated(session: WireSession): string {
  return new Date(session.lastUpdateTime * 1000).toLocaleString();
}

/**
 * The user's sessions, newest first: pick one, create one (with an
 * optional initial state), delete one (after confirming), or import one
 * from an exported JSON file.
 */
export function SessionsSidebar(props: SessionsSidebarProps) {
  const { sessions, currentId, error, onSelect, onCreate, onDelete, onImport } = props;
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const sorted = [...sessions].sort((a, b) => b.lastUpdateTime - a.lastUpdateTime);

  return (
    <section class="sessions" aria-labelledby="sessions-heading">
      <div class="section-head">
        <h2 id="sessions-heading">Sessions</h2>
        <div class="row">
          <button type="button" class="primary" onClick={() => setCreating(true)}>
            New session
          </button>
          <label class="button file-button">
            Import session
            <input
              type="file"
              class="visually-hidden"
              accept="application/json,.json"
              onChange={(event) => {
                const input = event.currentTarget;
                const file = input.files?.[0];
                input.value = '';
                if (file) void onImport(file);
              }}
            />
          </label>
        </div>
      </div>
      {error && (
        <p class="error-text" role="alert">
          {error}
        </p>
      )}
      {sorted.length === 0 ? (
        <p class="muted">No sessions yet.</p>
      ) : (
        <ul class="session-list" aria-label="Sessions">
          {sorted.map((session) => (
            <li key={session.id}>
              <button
                type="button"
                class="session-item"
                data-testid="session-item"
                data-session-id={session.id}
                aria-current={session.id === currentId ? 'true' : undefined}
                onClick={() => onSelect(session.id)}
              >
                <span class="mono">{session.id}</span>
                <span class="muted small">{updated(session)}</span>
              </button>
              <button
                type="button"
                class="icon-button"
                aria-label={`Delete session ${session.id}`}
                title="Delete session"
                onClick={() => setDeleting(session.id)}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      {creating && (
        <NewSessionDialog
          onClose={() => setCreating(false)}
          onCreate={async (state) => {
            await onCreate(state);
            setCreating(false);
          }}
        />
      )}
      {deleting !== null && (
        <ModalDialog title="Delete session?" onClose={() => setDeleting(null)}>
          <p>
            Session <span class="mono">{deleting}</span> and its events will be deleted.
          </p>
          <div class="dialog-actions">
            <button type="button" onClick={() => setDeleting(null)}>
              Cancel
            </button>
            <button
              type="button"
              class="danger"
              onClick={() => {
                const id = deleting;
                setDeleting(null);
                void onDelete(id);
              }}
            >
              Delete
            </button>
          </div>
        </ModalDialog>
      )}
    </section>
  );
}
