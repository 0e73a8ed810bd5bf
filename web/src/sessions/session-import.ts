import type { NewSession } from '../api/adk-api';
import type { WireEvent } from '../api/types';

/**
 * Reads an exported session file: a session object (`GET …/sessions/{id}`
 * output: `{state?, events?}`) or a bare array of events. Returns what to
 * create the new session with, or throws a `SessionImportError` saying
 * what is wrong.
 */
export function parseSessionFile(text: string): NewSession {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SessionImportError(`The file is not JSON: ${(error as Error).message}`);
  }
  if (Array.isArray(value)) return { events: checkEvents(value) };
  if (value === null || typeof value !== 'object') {
    throw new SessionImportError('Expected a session object with "events", or an array of events.');
  }
  const record = value as Record<string, unknown>;
  const result: NewSession = {};
  const state = record['state'];
  if (state !== undefined && state !== null) {
    if (typeof state !== 'object' || Array.isArray(state)) {
      throw new SessionImportError('"state" must be a JSON object.');
    }
    result.state = state as Record<string, unknown>;
  }
  const events = record['events'];
  if (events !== undefined && events !== null) {
    if (!Array.isArray(events)) throw new SessionImportError('"events" must be an array.');
    result.events = checkEvents(events);
  }
  if (result.state === undefined && result.events === undefined) {
    throw new SessionImportError('The file has neither "state" nor "events".');
  }
  return result;
}

function checkEvents(events: unknown[]): WireEvent[] {
  events.forEach((event, index) => {
    if (event === null || typeof event !== 'object' || Array.isArray(event)) {
      throw new SessionImportError(`Event ${index} is not an object.`);
    }
    if (typeof (event as Record<string, unknown>)['author'] !== 'string') {
      throw new SessionImportError(`Event ${index} has no "author".`);
    }
  });
  return events as WireEvent[];
}

/** A session file that cannot be imported; the message says why. */
export class SessionImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionImportError';
  }
}
