import type { WireEvent } from '../api/types';
import { EventDetail } from './event-detail';
import { eventTime, summarizeEvent } from './event-summary';
import { invocationStartIds, rewoundEventIds } from './rewound-events';

/** Props of EventsTab. */
export interface EventsTabProps {
  events: readonly WireEvent[];
  selectedEventId: string | null;
  onSelect: (eventId: string | null) => void;
  /** Rewinds the session to before an invocation; without it no rewind action is shown. */
  onRewind?: (invocationId: string) => void;
  /** Disables the rewind actions (while a run or a rewind is in progress). */
  rewindDisabled?: boolean;
}

/**
 * Every event of the session (author, invocation, branch, time and a
 * summary); choosing one opens its detail view. The first event of each
 * invocation has a "Rewind to here" action (the session goes back to before
 * that invocation), and events a rewind took out of the conversation are
 * marked "rewound".
 */
export function EventsTab({
  events,
  selectedEventId,
  onSelect,
  onRewind,
  rewindDisabled = false,
}: EventsTabProps) {
  const selected = events.find((event) => event.id === selectedEventId);
  if (selected) return <EventDetail event={selected} onBack={() => onSelect(null)} />;
  if (events.length === 0) return <p class="muted">No events yet.</p>;
  const rewound = rewoundEventIds(events);
  const starts = invocationStartIds(events);
  return (
    <ol class="event-list" aria-label="Events">
      {events.map((event, index) => (
        <li key={event.id} class={rewound.has(event.id) ? 'event-item rewound' : 'event-item'}>
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
              {rewound.has(event.id) ? ' · rewound' : ''}
            </span>
          </button>
          {onRewind && starts.has(event.id) ? (
            <button
              type="button"
              class="event-rewind small"
              title="Undo this invocation and every later one: state and artifacts go back to before it"
              aria-label={`Rewind to before invocation ${event.invocationId}`}
              disabled={rewindDisabled}
              onClick={() => onRewind(event.invocationId)}
            >
              Rewind to here
            </button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
