import type { Event } from '../events/event.js';

/**
 * True for an event a node yields: events are plain objects, told apart from
 * output values by their `author`, `actions` and `timestamp`.
 */
export function isEvent(value: unknown): value is Event {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<Event>).author === 'string' &&
    typeof (value as Partial<Event>).actions === 'object' &&
    typeof (value as Partial<Event>).timestamp === 'number'
  );
}
