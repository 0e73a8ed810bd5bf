import type { WireEvent } from '../api/types';
import { JsonView } from '../ui/json-view';
import { eventTime } from './event-summary';
import { hideCredentialSecrets } from './hidden-secrets';

/**
 * Everything about one event: identity, content parts, actions and the raw
 * JSON, with the credentials a user sent hidden (`hideCredentialSecrets`).
 */
export function EventDetail({ event: stored, onBack }: { event: WireEvent; onBack: () => void }) {
  const event = hideCredentialSecrets(stored);
  const actions = event.actions ?? {};
  const parts = event.content?.parts ?? [];
  return (
    <div class="event-detail" data-testid="event-detail" data-event-id={event.id}>
      <button type="button" onClick={onBack}>
        ← All events
      </button>
      <h3>Event by {event.author}</h3>
      <dl class="facts">
        <dt>id</dt>
        <dd class="mono">{event.id}</dd>
        <dt>invocation</dt>
        <dd class="mono">{event.invocationId}</dd>
        {event.branch && (
          <>
            <dt>branch</dt>
            <dd class="mono">{event.branch}</dd>
          </>
        )}
        <dt>time</dt>
        <dd>{eventTime(event)}</dd>
        {(event.errorCode || event.errorMessage) && (
          <>
            <dt>error</dt>
            <dd class="error-text">
              {[event.errorCode, event.errorMessage].filter(Boolean).join(': ')}
            </dd>
          </>
        )}
      </dl>
      <h4>Content{event.content?.role ? ` (${event.content.role})` : ''}</h4>
      {parts.length === 0 ? (
        <p class="muted">No content.</p>
      ) : (
        <JsonView value={parts} label="Content parts" />
      )}
      <h4>Actions</h4>
      <dl class="facts">
        <dt>stateDelta</dt>
        <dd>
          <JsonView value={actions.stateDelta ?? {}} label="State delta" />
        </dd>
        <dt>artifactDelta</dt>
        <dd>
          <JsonView value={actions.artifactDelta ?? {}} label="Artifact delta" />
        </dd>
        <dt>transferToAgent</dt>
        <dd class="mono">{actions.transferToAgent ?? '—'}</dd>
        <dt>escalate</dt>
        <dd class="mono">{actions.escalate ? 'true' : 'false'}</dd>
      </dl>
      <details class="raw">
        <summary>Raw JSON</summary>
        <JsonView value={event} label="Raw event JSON" />
      </details>
    </div>
  );
}
