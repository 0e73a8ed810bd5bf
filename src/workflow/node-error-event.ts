import { createEvent, type Event, type EventInit } from '../events/event.js';

/**
 * The class name Python would report for `error` (`type(e).__name__`): the
 * error's own `name` when it is more specific than `Error` (this package's
 * errors set it, and it survives minification), else its constructor's name.
 */
export function errorCodeOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return typeof error;
  const ownName = (error as { name?: unknown }).name;
  if (typeof ownName === 'string' && ownName && ownName !== 'Error') return ownName;
  const constructorName = (error as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof constructorName === 'string' && constructorName ? constructorName : 'Error';
}

/**
 * The event a node runner emits for one failed attempt (004 §2, §4):
 * `errorCode` the error's class name, `errorMessage` its message (Python's
 * `str(e)`).
 */
export function createNodeErrorEvent(
  error: unknown,
  fields: Pick<EventInit, 'author'> & Partial<Pick<EventInit, 'invocationId' | 'branch'>>,
): Event {
  const message = error instanceof Error ? error.message : String(error);
  return createEvent({ ...fields, errorCode: errorCodeOf(error), errorMessage: message });
}
