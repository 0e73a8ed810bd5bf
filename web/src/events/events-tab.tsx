import type { WireEvent } from '../api/types';
import { EventDetail } from './event-detail';
import { eventTime, summarizeEvent } from './event-summary';

/** Props of EventsTab. */
export interface EventsTabProps {
  events: readonly WireEvent[];
  selectedEventId: string | null;
  onSelect: (eventId: string | null) => void;
}

/**
 * Every event of the session (author, invocation, branch, time and a
 * summary); choosing one opens its detail view.
 */
export function EventsTab({ events, selectedEventId, onSelect }: EventsTabProps) {
  const selected = events.find((event) => event.id === selectedEventId);
  if (selected) return <EventDetail event={selected} onBack={() => onSelect(null)} />;
  if (events.length === 0) return <p class="muted">No events yet.</p>;
  return (
    <ol class="event-list" aria-label="Events">
      {events.map((event, index) => (
        <li key={event.id}>
          <button
            type="button"
            class="event-row"
            data-testid="event-row"
            data-event-id={event.id}
            onClick={() => onSelect(event.id)}
          >
            <span class="event-index muted">{index + 1}</span>
            <span class="event-author strong">{event.author}</span>
            <span class="event-time muted small">{eventTime(event)}</span>
            <span class="event-summary">{summarizeEvent(event)}</span>
            <span class="event-meta muted small mono">
              inv {event.invocationId.slice(0, 12)}
              {event.branch ? ` · ${event.branch}` : ''}
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}
