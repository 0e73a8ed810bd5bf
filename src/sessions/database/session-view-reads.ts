import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import type { Event } from '../../events/event.js';
import type { GetSessionConfig } from '../base-session-service.js';
import { mergeState } from '../state-delta.js';
import { decodeJsonObject, eventFromRow } from './session-rows.js';
import { readScopeState, type SessionTablesDb } from './session-state-rows.js';
import { formatStorageTime, microsFromSeconds } from './storage-time.js';

/** Which session a read is about. */
export interface SessionKey {
  appName: string;
  userId: string;
  sessionId: string;
}

/** A session's merged state and events, as `getSession` returns them. */
export interface SessionContents {
  state: Record<string, unknown>;
  events: Event[];
}

/**
 * The session's events and merged state, given its row's `state` column:
 * `config.afterTimestamp` keeps the events at or after that time and
 * `config.numRecentEvents` the last N of those, both in SQL (a positive N
 * becomes a `LIMIT`); events are in timestamp order. `parallel` sends the
 * three reads at once (on the pool); inside a transaction they go one by
 * one on its connection.
 */
export async function readSessionContents(
  db: SessionTablesDb,
  { appName, userId, sessionId }: SessionKey,
  sessionState: unknown,
  config: GetSessionConfig | undefined,
  parallel: boolean,
): Promise<SessionContents> {
  let eventsQuery = db
    .selectFrom('events')
    .select(['id', 'invocation_id', 'timestamp', 'event_data'])
    .where('app_name', '=', appName)
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId);
  if (config?.afterTimestamp) {
    eventsQuery = eventsQuery.where(
      'timestamp',
      '>=',
      formatStorageTime(microsFromSeconds(config.afterTimestamp)),
    );
  }
  // Newest first along the (app, user, session, timestamp DESC) index, so a LIMIT reads only N rows.
  eventsQuery = eventsQuery.orderBy('timestamp', 'desc');
  const limit = config?.numRecentEvents;
  if (limit !== undefined && limit > 0) eventsQuery = eventsQuery.limit(Math.floor(limit));
  const readApp = () => readScopeState(db, 'app_states', appName, userId);
  const readUser = () => readScopeState(db, 'user_states', appName, userId);
  const [eventRows, appState, userState] = parallel
    ? await Promise.all([eventsQuery.execute(), readApp(), readUser()])
    : [await eventsQuery.execute(), await readApp(), await readUser()];
  const events: Event[] = [];
  for (let index = eventRows.length - 1; index >= 0; index--) {
    events.push(readEvent(eventRows[index]!, sessionId));
  }
  const state = mergeState(appState, userState, decodeJsonObject(sessionState, 'sessions.state'));
  return { state, events };
}

function readEvent(row: Parameters<typeof eventFromRow>[0], sessionId: string): Event {
  try {
    return eventFromRow(row);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new InvalidArgumentError({
      argument: 'event_data',
      message: `Stored event ${row.id} of session ${sessionId} cannot be read: ${detail}`,
      cause: error,
    });
  }
}
