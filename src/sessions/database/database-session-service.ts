import { AlreadyExistsError } from '../../errors/already-exists-error.js';
import { StaleSessionError } from '../../errors/stale-session-error.js';
import type { Event } from '../../events/event.js';
import { nowSeconds } from '../../utils/clock.js';
import { newUuid } from '../../utils/ids.js';
import {
  BaseSessionService,
  type AppendEventRequest,
  type AppendEventWithReloadRequest,
  type CreateSessionRequest,
  type DeleteSessionRequest,
  type GetSessionRequest,
  type ListSessionsRequest,
  type ListSessionsResponse,
  type StoreReload,
} from '../base-session-service.js';
import { refreshSessionInPlace } from '../refresh-session.js';
import type { Session } from '../session.js';
import { applyStateDelta, extractStateDelta, mergeState } from '../state-delta.js';
import { assertSessionKey, assertStorableState } from '../storable-values.js';
import type { SqlDatabase } from './connection.js';
import { LazyDatabase } from './lazy-database.js';
import { parseDatabaseUri } from './database-uri.js';
import { appendEventInTransaction } from './append-event-transaction.js';
import { classifyDriverError } from './driver-errors.js';
import { KeyedMutex } from './keyed-mutex.js';
import { decodeJsonObject, encodeJsonColumn, readTimeColumn } from './session-rows.js';
import {
  prepareSessionSchema,
  type SessionSchemaInfo,
  type SessionTables,
} from './session-schema.js';
import {
  isEventStored,
  readScopeState,
  upsertScopeState,
  type StateRecord,
} from './session-state-rows.js';
import { readSessionContents } from './session-view-reads.js';
import { formatStorageTime, microsFromSeconds, secondsFromMicros } from './storage-time.js';

/** Options of `DatabaseSessionService`. */
export interface DatabaseSessionServiceOptions {
  /**
   * Where the sessions live, in adk-python's URI form:
   * `sqlite:///relative/file.db`, `sqlite:////absolute/file.db`,
   * `sqlite://:memory:`, `postgresql://user:password@host:5432/db`,
   * `mysql://…` or `mariadb://…` (see `parseDatabaseUri`).
   */
  dbUrl: string;
  /** Connections per pool for PostgreSQL and MySQL (default 10). */
  poolSize?: number;
  /** SQLite: how long a write waits for another process's lock, in ms (default 10,000). */
  busyTimeoutMs?: number;
}

/**
 * A session store in a SQL database: SQLite, PostgreSQL or MySQL/MariaDB
 * (Python `DatabaseSessionService`), sharing adk-python's schema v1 table
 * for table and column for column, so that Python and TypeScript services
 * can use one database (docs/sessions-database.md).
 *
 * - State is split by prefix on write (`app:` keys to `app_states`, `user:`
 *   keys to `user_states`, the rest to `sessions.state`; `temp:` keys are
 *   never stored) and merged back on read.
 * - Tables are created on first use, safely when several processes start on
 *   an empty database at once; a database with another schema version raises
 *   `UnsupportedDatabaseSchemaError`.
 * - `appendEvent` is one transaction (decision 0015): the session row locked
 *   (`FOR UPDATE`; SQLite: `BEGIN IMMEDIATE`), then a caller whose session is
 *   stale (another writer appended since it was loaded) gets
 *   `StaleSessionError`; the app and user state rows are touched only when the
 *   event has a delta for them; an event id already stored is not stored
 *   again; any failure rolls everything back. Appends to one session are also
 *   queued in process, so concurrent writers in one process wait instead of
 *   failing on locks.
 * - Driver failures raise `DatabaseError`, whose message names the database
 *   without its password.
 *
 * The drivers (kysely and better-sqlite3, pg or mysql2) are optional
 * packages loaded on first use. Call `close()` when done.
 */
export class DatabaseSessionService extends BaseSessionService {
  private readonly dbUrl: string;
  private readonly options: Omit<DatabaseSessionServiceOptions, 'dbUrl'>;
  private readonly lazy: LazyDatabase<SessionTables>;
  // The storage revision (sessions.update_time, in microseconds) each session
  // object this service returned or appended to was at; decision 0015.
  private readonly revisions = new WeakMap<Session, number>();
  private readonly appendQueue = new KeyedMutex();
  private schemaInfo: SessionSchemaInfo = { sessionsHaveEventSequence: false };
  // The latest revision this process stored or saw under the lock, per
  // session, kept while appends to it are queued.
  private readonly latestRevisions = new Map<string, number>();

  /**
   * Checks the URI's scheme at once (an unknown one raises
   * `UnsupportedServiceUriError`); connects on first use.
   */
  constructor({ dbUrl, ...options }: DatabaseSessionServiceOptions) {
    super();
    parseDatabaseUri(dbUrl, 'session');
    this.dbUrl = dbUrl;
    this.options = options;
    this.lazy = new LazyDatabase<SessionTables>({
      dbUrl,
      open: { ...options, service: 'session', feature: 'DatabaseSessionService' },
      prepare: async (database) => {
        this.schemaInfo = await prepareSessionSchema(database);
      },
      preparing: 'preparing the session tables',
    });
  }

  /**
   * Connects and makes the tables ready (Python `prepare_tables`). Every
   * method does this on first use; call it at startup to pay the cost early
   * and to surface a wrong URI or an unreachable server at once. A failed
   * attempt is retried by the next call.
   */
  async prepareTables(): Promise<void> {
    await this.database();
  }

  /** Closes the connections. The service cannot be used afterwards. */
  async close(): Promise<void> {
    await this.lazy.close();
  }

  /**
   * Creates a session, in one transaction with its app and user state rows
   * (created when missing, as Python does, so both languages can append to
   * it). `sessionId` is trimmed; when missing or blank a uuid4 is used. An id
   * the app and user already have raises `AlreadyExistsError`, also when
   * several callers create it at once (exactly one succeeds). An id no
   * store could hold raises `InputValidationError` (`assertSessionKey`), a
   * state nested too deep `NestingTooDeepError`, and a state holding a NUL
   * character or an unpaired surrogate `InputValidationError`, before
   * anything is written. The initial state is split by scope; `temp:` keys
   * are dropped and `null` values removed.
   */
  override async createSession({
    appName,
    userId,
    state,
    sessionId,
  }: CreateSessionRequest): Promise<Session> {
    const id = sessionId?.trim() || newUuid();
    assertSessionKey({ appName, userId, sessionId: id });
    assertStorableState(state, 'state');
    const scoped = extractStateDelta(state);
    const sessionState: StateRecord = {};
    applyStateDelta(sessionState, scoped.session);
    const revision = microsFromSeconds(nowSeconds());
    const time = formatStorageTime(revision);
    const { appState, userState } = await this.run('createSession', (database) =>
      database.transaction(async (trx) => {
        try {
          await trx
            .insertInto('sessions')
            .values({
              app_name: appName,
              user_id: userId,
              id,
              state: encodeJsonColumn(sessionState, 'state'),
              create_time: time,
              update_time: time,
              ...(this.schemaInfo.sessionsHaveEventSequence ? { event_sequence: 0 } : {}),
            })
            .execute();
        } catch (error) {
          if (classifyDriverError(error) !== 'unique-violation') throw error;
          throw new AlreadyExistsError({
            message: `Session with id ${id} already exists.`,
            cause: error,
          });
        }
        return {
          appState: await upsertScopeState(database, trx, 'app_states', {
            appName,
            userId,
            delta: scoped.app,
            time,
          }),
          userState: await upsertScopeState(database, trx, 'user_states', {
            appName,
            userId,
            delta: scoped.user,
            time,
          }),
        };
      }),
    );
    const session: Session = {
      id,
      appName,
      userId,
      state: mergeState(appState, userState, sessionState),
      events: [],
      lastUpdateTime: secondsFromMicros(revision),
    };
    this.revisions.set(session, revision);
    return session;
  }

  /**
   * The session with merged state, or undefined when it does not exist.
   * `config.afterTimestamp` keeps the events at or after that time and
   * `config.numRecentEvents` the last N of those, both in SQL (a positive N
   * becomes a `LIMIT`; 0 or unset reads every event). Events are in timestamp
   * order.
   */
  override async getSession({
    appName,
    userId,
    sessionId,
    config,
  }: GetSessionRequest): Promise<Session | undefined> {
    assertSessionKey({ appName, userId, sessionId });
    return this.run('getSession', async (database) => {
      const { db } = database;
      // The session row is read before its events: a session that raced with
      // an append may then hold a newer event than its revision says, which
      // makes its next append fail as stale (safe), never the other way round.
      const row = await db
        .selectFrom('sessions')
        .select(['state', 'update_time'])
        .where('app_name', '=', appName)
        .where('user_id', '=', userId)
        .where('id', '=', sessionId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { state, events } = await readSessionContents(
        db,
        { appName, userId, sessionId },
        row.state,
        config,
        true,
      );
      const revision = readTimeColumn(row.update_time, 'sessions.update_time');
      const session: Session = {
        id: sessionId,
        appName,
        userId,
        state,
        events,
        lastUpdateTime: secondsFromMicros(revision),
      };
      this.revisions.set(session, revision);
      return session;
    });
  }

  /**
   * The app's sessions, of one user or (when `userId` is omitted) of every
   * user, each with merged state and no events (the events table is not read).
   */
  override async listSessions({
    appName,
    userId,
  }: ListSessionsRequest): Promise<ListSessionsResponse> {
    assertSessionKey({ appName, userId });
    return this.run('listSessions', async ({ db }) => {
      let sessionsQuery = db
        .selectFrom('sessions')
        .select(['user_id', 'id', 'state', 'update_time'])
        .where('app_name', '=', appName);
      let usersQuery = db
        .selectFrom('user_states')
        .select(['user_id', 'state'])
        .where('app_name', '=', appName);
      if (userId !== undefined) {
        sessionsQuery = sessionsQuery.where('user_id', '=', userId);
        usersQuery = usersQuery.where('user_id', '=', userId);
      }
      const [rows, appState, userRows] = await Promise.all([
        sessionsQuery.execute(),
        readScopeState(db, 'app_states', appName, ''),
        usersQuery.execute(),
      ]);
      const userStates = new Map<string, StateRecord>();
      for (const user of userRows) {
        userStates.set(user.user_id, decodeJsonObject(user.state, 'user_states.state'));
      }
      const sessions = rows.map((row) => {
        const revision = readTimeColumn(row.update_time, 'sessions.update_time');
        const session: Session = {
          id: row.id,
          appName,
          userId: row.user_id,
          state: mergeState(
            appState,
            userStates.get(row.user_id) ?? {},
            decodeJsonObject(row.state, 'sessions.state'),
          ),
          events: [],
          lastUpdateTime: secondsFromMicros(revision),
        };
        this.revisions.set(session, revision);
        return session;
      });
      return { sessions };
    });
  }

  /**
   * Deletes the session and its events in one transaction; does nothing when
   * it does not exist. App and user state are kept.
   */
  override async deleteSession({
    appName,
    userId,
    sessionId,
  }: DeleteSessionRequest): Promise<void> {
    assertSessionKey({ appName, userId, sessionId });
    await this.run('deleteSession', (database) =>
      database.transaction(async (trx) => {
        // The session row first, so an append waiting on its lock finds it gone
        // (the events go with it through the foreign key; the explicit delete
        // covers tables made without one).
        await trx
          .deleteFrom('sessions')
          .where('app_name', '=', appName)
          .where('user_id', '=', userId)
          .where('id', '=', sessionId)
          .execute();
        await trx
          .deleteFrom('events')
          .where('app_name', '=', appName)
          .where('user_id', '=', userId)
          .where('session_id', '=', sessionId)
          .execute();
      }),
    );
  }

  /**
   * Records the event (see `BaseSessionService.appendEvent`); afterwards the
   * caller's `lastUpdateTime` is the session's stored update time. Throws
   * `StaleSessionError` when the session changed in storage since the caller
   * loaded it, `SessionNotFoundError` when it is not stored, and
   * `DatabaseError` when the database fails; in every case nothing was stored
   * and the caller's session is unchanged.
   */
  override async appendEvent(request: AppendEventRequest): Promise<Event> {
    return this.withStoredUpdateTime(request.session, await super.appendEvent(request));
  }

  /**
   * `appendEvent` for a caller that may be stale (see
   * `BaseSessionService.appendEventWithReload`): in the same transaction,
   * under the session row's lock, a stale caller's session is read (with
   * `config`) and the event stored after it; the caller's session object is
   * then refreshed in place (events, state, revision; its `temp:` keys kept)
   * and the event added. Never throws `StaleSessionError`.
   */
  override async appendEventWithReload(request: AppendEventWithReloadRequest): Promise<Event> {
    return this.withStoredUpdateTime(request.session, await super.appendEventWithReload(request));
  }

  /** After an append, the caller's `lastUpdateTime` is the stored revision (decision 0015). */
  private withStoredUpdateTime(session: Session, event: Event): Event {
    const revision = this.revisions.get(session);
    if (!event.partial && revision !== undefined) {
      session.lastUpdateTime = secondsFromMicros(revision);
    }
    return event;
  }

  /**
   * One transaction: lock the session row; a stale caller raises
   * `StaleSessionError`, unless the event is already stored for the session
   * (a retry whose first answer was lost), which makes the call a no-op; the
   * scoped delta is merged into the app, user and session rows (each touched
   * only when the delta has keys for it); the revision (`update_time`) moves
   * to the event's time, or one microsecond past the previous revision when
   * the event is not later; the event row is inserted.
   *
   * Appends to one session queue in process; a queued caller whose revision
   * is older than one this process has since stored or seen is rejected
   * without a transaction: revisions only move forward, so it would be
   * rejected under the lock too.
   *
   * With `reload`, a stale caller is not rejected: the transaction reads the
   * session under the lock, stores the event after it (stamped one
   * microsecond past the revision when its own time is not later, so it
   * reads back in append order; `event.timestamp` then says so), and the
   * caller's session is refreshed in place with what was read (before the
   * base class adds the event to it).
   */
  protected override async appendEventToStore(
    { session, event }: AppendEventRequest,
    reload?: StoreReload,
  ): Promise<void> {
    const scoped = extractStateDelta(event.actions.stateDelta);
    const knownRevision = this.revisions.get(session);
    const queueKey = JSON.stringify([session.appName, session.userId, session.id]);
    const noteRevision = (revision: number) => {
      if (revision > (this.latestRevisions.get(queueKey) ?? -Infinity)) {
        this.latestRevisions.set(queueKey, revision);
      }
    };
    const outcome = await this.appendQueue.run(queueKey, async () => {
      try {
        return await this.run('appendEvent', async (database) => {
          // Revisions only grow: when this process stored or saw a later one,
          // the caller is stale for sure and need not take a lock to learn it.
          const latest = this.latestRevisions.get(queueKey);
          if (
            !reload &&
            knownRevision !== undefined &&
            latest !== undefined &&
            latest > knownRevision
          ) {
            return { kind: 'stale' as const };
          }
          const result = await appendEventInTransaction(database, {
            session,
            event,
            scoped,
            knownRevision,
            bumpEventSequence: this.schemaInfo.sessionsHaveEventSequence,
            onStoredRevision: noteRevision,
            ...(reload ? { reload } : {}),
          });
          if (result.kind === 'stored') noteRevision(result.revision);
          return result;
        });
      } finally {
        // The cache lives only while appends to the session are queued.
        if (!this.appendQueue.hasWaiters(queueKey)) this.latestRevisions.delete(queueKey);
      }
    });
    if (outcome.kind === 'stored') {
      if (outcome.reloaded) {
        const { events, state, revision, restampedMicros } = outcome.reloaded;
        refreshSessionInPlace(session, {
          events,
          state,
          lastUpdateTime: secondsFromMicros(revision),
        });
        if (restampedMicros !== undefined) event.timestamp = secondsFromMicros(restampedMicros);
      }
      this.revisions.set(session, outcome.revision);
    } else if (outcome.kind === 'stale') {
      // Stale, unless this very event is what moved the revision (its answer was lost).
      const stored = await this.run('appendEvent', ({ db }) =>
        isEventStored(db, session, event.id),
      );
      if (!stored) throw new StaleSessionError({ sessionId: session.id });
    }
  }

  /** Runs `work` on the ready database; driver errors become `DatabaseError`. */
  private async run<T>(
    operation: string,
    work: (database: SqlDatabase<SessionTables>) => Promise<T>,
  ): Promise<T> {
    const database = await this.database();
    try {
      return await work(database);
    } catch (error) {
      throw database.toError(error, operation);
    }
  }

  private database(): Promise<SqlDatabase<SessionTables>> {
    return this.lazy.get();
  }
}
