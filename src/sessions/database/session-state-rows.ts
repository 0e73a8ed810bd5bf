import type { Kysely } from 'kysely';
import type { Session } from '../session.js';
import { applyStateDelta } from '../state-delta.js';
import type { SqlDatabase } from './connection.js';
import { decodeJsonObject, encodeJsonColumn } from './session-rows.js';
import type { SessionTables } from './session-schema.js';

/** A query builder on the session tables (the pool, or one transaction). */
export type SessionTablesDb = Kysely<SessionTables>;
/** A state record as stored (no prefixes) or merged (with them). */
export type StateRecord = Record<string, unknown>;
/** The tables holding the `app:` and `user:` scopes. */
export type ScopeTable = 'app_states' | 'user_states';

/** Whether the record has an own key. */
export function hasKeys(record: StateRecord): boolean {
  for (const key in record) if (Object.hasOwn(record, key)) return true;
  return false;
}

/** The app's (or the app user's) stored state row, locked `FOR UPDATE` when `lock` is set. */
export function selectScopeRow(
  db: SessionTablesDb,
  table: ScopeTable,
  appName: string,
  userId: string,
  lock: boolean,
): Promise<{ state: unknown } | undefined> {
  let query =
    table === 'app_states'
      ? db.selectFrom('app_states').select('state').where('app_name', '=', appName)
      : db
          .selectFrom('user_states')
          .select('state')
          .where('app_name', '=', appName)
          .where('user_id', '=', userId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The app's (or the app user's) stored state, empty when it has no row. */
export async function readScopeState(
  db: SessionTablesDb,
  table: ScopeTable,
  appName: string,
  userId: string,
): Promise<StateRecord> {
  const row = await selectScopeRow(db, table, appName, userId, false);
  return row ? decodeJsonObject(row.state, `${table}.state`) : {};
}

/**
 * Inside a transaction: makes sure the app (or user) state row exists (as
 * Python's `create_session` does, so either language can append later), and
 * when `delta` has keys, locks the row (not on SQLite, whose write lock the
 * transaction already holds), applies the delta (`null` removes a key) and
 * writes it back with `time` as its `update_time`. Returns the state after the
 * delta. Concurrent creators of the row do not conflict: the insert ignores
 * an existing key.
 */
export async function upsertScopeState(
  database: SqlDatabase<SessionTables>,
  trx: SessionTablesDb,
  table: ScopeTable,
  {
    appName,
    userId,
    delta,
    time,
  }: { appName: string; userId: string; delta: StateRecord; time: string },
): Promise<StateRecord> {
  const changes = hasKeys(delta);
  const lock = changes && database.dialect !== 'sqlite';
  let row = await selectScopeRow(trx, table, appName, userId, lock);
  if (!row) {
    const values =
      table === 'app_states'
        ? { app_name: appName, state: '{}', update_time: time }
        : { app_name: appName, user_id: userId, state: '{}', update_time: time };
    let insert = trx.insertInto(table).values(values);
    insert =
      database.dialect === 'mysql'
        ? insert.ignore()
        : insert.onConflict((conflict) => conflict.doNothing());
    await insert.execute();
    row = await selectScopeRow(trx, table, appName, userId, lock);
  }
  const state = row ? decodeJsonObject(row.state, `${table}.state`) : {};
  if (!changes) return state;
  applyStateDelta(state, delta);
  let update = trx
    .updateTable(table)
    .set({ state: encodeJsonColumn(state, `${table}.state`), update_time: time })
    .where('app_name', '=', appName);
  if (table === 'user_states') update = update.where('user_id', '=', userId);
  await update.execute();
  return state;
}

/** Whether the session already has an event with this id. */
export async function isEventStored(
  db: SessionTablesDb,
  session: Pick<Session, 'appName' | 'userId' | 'id'>,
  eventId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('events')
    .select('id')
    .where('id', '=', eventId)
    .where('app_name', '=', session.appName)
    .where('user_id', '=', session.userId)
    .where('session_id', '=', session.id)
    .executeTakeFirst();
  return row !== undefined;
}
