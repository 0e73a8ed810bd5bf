import { SessionNotFoundError } from '../../errors/session-not-found-error.js';
import { StaleSessionError } from '../../errors/stale-session-error.js';
import type { Event } from '../../events/event.js';
import type { StoreReload } from '../base-session-service.js';
import type { Session } from '../session.js';
import { applyStateDelta, type ScopedStateDelta } from '../state-delta.js';
import type { SqlDatabase } from './connection.js';
import { classifyDriverError } from './driver-errors.js';
import {
  decodeJsonObject,
  encodeEventData,
  encodeJsonColumn,
  readTimeColumn,
} from './session-rows.js';
import type { SessionTables } from './session-schema.js';
import {
  hasKeys,
  isEventStored,
  upsertScopeState,
  type SessionTablesDb,
} from './session-state-rows.js';
import { readSessionContents, type SessionContents } from './session-view-reads.js';
import { formatStorageTime, microsFromSeconds, secondsFromMicros } from './storage-time.js';

/**
 * What an append did: stored the event at a new revision (with what storage
 * held before it, when the caller was stale and asked for a reload), or
 * found its id stored already.
 */
export type AppendOutcome =
  | {
      readonly kind: 'stored';
      readonly revision: number;
      /**
       * The session as stored just before the event (the caller was stale
       * and asked for it), and the time the event was stored with when that
       * is not its own.
       */
      readonly reloaded?: SessionContents & {
        readonly revision: number;
        readonly restampedMicros: number | undefined;
      };
    }
  | { readonly kind: 'already-stored' };

/** Arguments of `appendEventInTransaction`. */
export interface AppendEventTransactionRequest {
  session: Session;
  /** The event, its `temp:` keys already removed. */
  event: Event;
  /** Its delta split by scope. */
  scoped: ScopedStateDelta;
  /** The revision the caller's session object is at, when the service knows it. */
  knownRevision: number | undefined;
  /** Whether `sessions` has adk-python's `event_sequence` counter, bumped with each append. */
  bumpEventSequence?: boolean;
  /** Called with the revision read under the lock (for the service's in-process cache). */
  onStoredRevision?: (revision: number) => void;
  /**
   * Set by `appendEventWithReload`: a stale caller is not refused; the
   * session is read under the lock (with these limits) and the event stored
   * after it.
   */
  reload?: StoreReload;
}

/**
 * Appends one event in one transaction (decision 0015):
 * 1. reads the session row, locked `FOR UPDATE` (SQLite: the transaction
 *    holds the write lock from `BEGIN IMMEDIATE`); none → `SessionNotFoundError`;
 * 2. checks the caller is current: its known revision equals the stored one
 *    (or, for a session object of unknown revision, Python's fallback rule);
 *    when not, the call is a no-op if the event id is stored for the session
 *    already (a retry whose answer was lost), else `StaleSessionError`, or,
 *    with `reload`, the session's state and events are read (still under the
 *    lock, so nothing can come between them and the event) and returned, and
 *    an event whose time is not after the revision is stored one microsecond
 *    past it, so that it reads back after them;
 * 3. merges the `app:` and `user:` deltas into their rows, touching each only
 *    when it has keys;
 * 4. updates the session row (state when the delta has session keys; the
 *    revision always, to the event's time or one microsecond past the stored
 *    one, whichever is later), compare-and-set on the revision read;
 * 5. inserts the event row.
 * Any error rolls everything back. A primary-key conflict on the event (its id
 * stored by a writer that did not move the revision) is reported as
 * `already-stored`, after the rollback.
 */
export async function appendEventInTransaction(
  database: SqlDatabase<SessionTables>,
  {
    session,
    event,
    scoped,
    knownRevision,
    bumpEventSequence,
    onStoredRevision,
    reload,
  }: AppendEventTransactionRequest,
): Promise<AppendOutcome> {
  const { appName, userId, id: sessionId } = session;
  let eventMicros = microsFromSeconds(event.timestamp);
  let eventData = encodeEventData(event);
  try {
    return await database.transaction(async (trx) => {
      let sessionQuery = trx
        .selectFrom('sessions')
        .select(['state', 'update_time'])
        .where('app_name', '=', appName)
        .where('user_id', '=', userId)
        .where('id', '=', sessionId);
      if (database.dialect !== 'sqlite') sessionQuery = sessionQuery.forUpdate();
      const row = await sessionQuery.executeTakeFirst();
      if (!row) throw new SessionNotFoundError({ sessionId });
      const stored = readTimeColumn(row.update_time, 'sessions.update_time');
      onStoredRevision?.(stored);
      const current =
        knownRevision !== undefined
          ? knownRevision === stored
          : !(await markerlessSessionIsStale(trx, session, stored));
      let reloaded:
        (SessionContents & { revision: number; restampedMicros: number | undefined }) | undefined;
      if (!current) {
        if (await isEventStored(trx, session, event.id)) return { kind: 'already-stored' };
        if (!reload) throw new StaleSessionError({ sessionId });
        const contents = await readSessionContents(
          trx,
          { appName, userId, sessionId },
          row.state,
          reload.config,
          false,
        );
        // Stored after the others' events, it is stamped after them too (the
        // revision is at least every stored event's time), so it reads back in
        // the order it was appended.
        let restampedMicros: number | undefined;
        if (eventMicros <= stored) {
          eventMicros = restampedMicros = stored + 1;
          eventData = encodeEventData({ ...event, timestamp: secondsFromMicros(eventMicros) });
        }
        reloaded = { ...contents, revision: stored, restampedMicros };
      }
      const revision = Math.max(eventMicros, stored + 1);
      const time = formatStorageTime(revision);
      if (hasKeys(scoped.app)) {
        await upsertScopeState(database, trx, 'app_states', {
          appName,
          userId,
          delta: scoped.app,
          time,
        });
      }
      if (hasKeys(scoped.user)) {
        await upsertScopeState(database, trx, 'user_states', {
          appName,
          userId,
          delta: scoped.user,
          time,
        });
      }
      let update = trx.updateTable('sessions').set({ update_time: time });
      if (bumpEventSequence) {
        update = update.set((columns) => ({
          event_sequence: columns('event_sequence', '+', 1),
        }));
      }
      if (hasKeys(scoped.session)) {
        const state = decodeJsonObject(row.state, 'sessions.state');
        applyStateDelta(state, scoped.session);
        update = update.set({ state: encodeJsonColumn(state, 'sessions.state') });
      }
      const result = await update
        .where('app_name', '=', appName)
        .where('user_id', '=', userId)
        .where('id', '=', sessionId)
        // Compare-and-set on the revision read under the lock: belt and braces.
        .where('update_time', '=', row.update_time)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new StaleSessionError({ sessionId });
      await trx
        .insertInto('events')
        .values({
          id: event.id,
          app_name: appName,
          user_id: userId,
          session_id: sessionId,
          invocation_id: event.invocationId,
          timestamp: formatStorageTime(eventMicros),
          event_data: eventData,
        })
        .execute();
      return reloaded ? { kind: 'stored', revision, reloaded } : { kind: 'stored', revision };
    });
  } catch (error) {
    if (classifyDriverError(error) === 'unique-violation') return { kind: 'already-stored' };
    throw error;
  }
}

/**
 * Python's rule for a session object whose revision the service does not
 * know: stale only when storage was updated after the session's
 * `lastUpdateTime` and the newest stored event is not the session's last.
 */
async function markerlessSessionIsStale(
  trx: SessionTablesDb,
  session: Session,
  stored: number,
): Promise<boolean> {
  if (stored <= microsFromSeconds(session.lastUpdateTime)) return false;
  const latest = await trx
    .selectFrom('events')
    .select('id')
    .where('app_name', '=', session.appName)
    .where('user_id', '=', session.userId)
    .where('session_id', '=', session.id)
    .orderBy('timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const last = session.events.at(-1);
  return last ? latest?.id !== last.id : latest !== undefined;
}
