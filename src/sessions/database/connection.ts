import { resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { Statement as SqliteStatement } from 'better-sqlite3';
import type * as KyselyModule from 'kysely';
import type { Kysely, sql as SqlTag } from 'kysely';
import { DatabaseError } from '../../errors/database-error.js';
import { MissingDependencyError } from '../../errors/missing-dependency-error.js';
import { logger } from '../../utils/logger.js';
import { parseDatabaseUri, type SqlDialectName } from './database-uri.js';
import { classifyDriverError, toDatabaseError } from './driver-errors.js';

/** Kysely's `sql` template tag, as loaded on first use. */
export type SqlTemplateTag = typeof SqlTag;

/** Options of `openDatabase`. */
export interface OpenDatabaseOptions {
  /** Connections per pool for PostgreSQL and MySQL (default 10). */
  poolSize?: number;
  /** SQLite: how long to wait for another connection's write lock, in ms (default 10,000). */
  busyTimeoutMs?: number;
  /** The service the URI is for, named in the error an unknown scheme raises (default `database`). */
  service?: string;
  /** What needs the drivers, named in a `MissingDependencyError` (default `SQL storage`). */
  feature?: string;
}

/** How a transaction starts: `write` takes SQLite's write lock at once (`BEGIN IMMEDIATE`). */
export type TransactionMode = 'read' | 'write';

/**
 * An open SQL database reached through kysely: one typed query layer over
 * SQLite (better-sqlite3), PostgreSQL (pg) and MySQL/MariaDB (mysql2).
 * Services build their own queries on `db` with their own table types.
 */
export interface SqlDatabase<Schema> {
  /** Which SQL dialect the database speaks. */
  readonly dialect: SqlDialectName;
  /** The URI as it may appear in messages: no password, no query. */
  readonly redactedUri: string;
  /** The query builder, on the pool (or SQLite's single connection). */
  readonly db: Kysely<Schema>;
  /** Kysely's `sql` tag for raw SQL. */
  readonly sql: SqlTemplateTag;
  /**
   * Runs `work` in one transaction on one connection and commits; any error
   * rolls back and is rethrown. On SQLite a `write` transaction starts with
   * `BEGIN IMMEDIATE`, so it holds the write lock from the start (waiting up
   * to the busy timeout for another process to release it). A transaction the
   * server aborted to resolve a deadlock or serialization conflict (or a busy
   * SQLite) is run again from the start, a few times with a growing pause:
   * `work` must do all its reads and writes through `trx` and have no other
   * side effects before it returns.
   */
  transaction<T>(work: (trx: Kysely<Schema>) => Promise<T>, mode?: TransactionMode): Promise<T>;
  /**
   * Runs `work` holding a lock named `name` that every process using this
   * database respects (PostgreSQL advisory lock, MySQL `GET_LOCK`, SQLite's
   * write lock), inside a transaction where the dialect has transactional
   * DDL. Meant for creating tables safely when several processes start on an
   * empty database at once.
   */
  withExclusiveLock<T>(name: string, work: (trx: Kysely<Schema>) => Promise<T>): Promise<T>;
  /** The column names of `table` in the current schema (empty when there is no such table). */
  listColumns(trx: Kysely<Schema>, table: string): Promise<string[]>;
  /** The error to throw for `error` raised during `operation` (see `toDatabaseError`); secrets masked. */
  toError(error: unknown, operation: string): Error;
  /** Closes the pool (or releases this handle of a shared SQLite file). Idempotent. */
  close(): Promise<void>;
}

const MAX_ATTEMPTS = 8;

/**
 * Opens the database a URI names (see `parseDatabaseUri`). The drivers and
 * kysely are loaded on first use with dynamic `import()`, so importing the
 * package never loads them; a missing one raises `MissingDependencyError`
 * naming the package to install. No connection is made until the first
 * query. SQLite databases are opened in WAL mode with foreign keys on and a
 * busy timeout; one file opened several times in a process shares one
 * connection (handles are reference-counted), because separate connections
 * in one process would wait on each other's locks while blocking the event
 * loop. `sqlite://:memory:` is private to each call. PostgreSQL timestamps
 * come back as text and MySQL dates as strings, so microseconds survive.
 */
export async function openDatabase<Schema>(
  uri: string,
  options: OpenDatabaseOptions = {},
): Promise<SqlDatabase<Schema>> {
  const parsed = parseDatabaseUri(uri, options.service);
  const feature = options.feature ?? 'SQL storage';
  const secrets = secretsOf(uri);
  let db: Kysely<Schema>;
  let sql: SqlTemplateTag;
  let release: () => Promise<void>;
  // Each dialect's packages load together, so that all the missing ones are named at once.
  switch (parsed.dialect) {
    case 'sqlite': {
      const { kysely, 'better-sqlite3': sqlite } = await importOptionalPackages(
        { kysely: () => import('kysely'), 'better-sqlite3': () => import('better-sqlite3') },
        feature,
      );
      const shared = await openSharedSqlite(
        parsed.path,
        options.busyTimeoutMs ?? 10_000,
        sqlite.default,
        kysely,
      );
      db = shared.db as Kysely<Schema>;
      sql = kysely.sql;
      release = () => shared.release();
      break;
    }
    case 'postgres': {
      const { kysely, pg } = await importOptionalPackages(
        { kysely: () => import('kysely'), pg: () => import('pg') },
        feature,
      );
      const { Pool, types } = pg.default;
      const pool = new Pool({
        connectionString: parsed.connectionString,
        max: options.poolSize ?? 10,
        types: {
          getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
            oid === TIMESTAMP_OID || oid === TIMESTAMPTZ_OID
              ? (value: string) => value
              : types.getTypeParser(oid, format ?? 'text')) as typeof types.getTypeParser,
        },
      });
      // An idle connection the server closed must not crash the process; the pool replaces it.
      pool.on('error', (error) =>
        logger.warn(
          `Idle connection to ${parsed.redacted} failed: ${mask(error.message, secrets)}`,
        ),
      );
      db = new kysely.Kysely<Schema>({ dialect: new kysely.PostgresDialect({ pool }) });
      sql = kysely.sql;
      release = () => db.destroy();
      break;
    }
    case 'mysql': {
      const { kysely, mysql2 } = await importOptionalPackages(
        { kysely: () => import('kysely'), mysql2: () => import('mysql2') },
        feature,
      );
      const pool = mysql2.createPool({
        uri: parsed.connectionString,
        connectionLimit: options.poolSize ?? 10,
        dateStrings: true,
        supportBigNumbers: true,
        charset: 'utf8mb4',
      });
      db = new kysely.Kysely<Schema>({ dialect: new kysely.MysqlDialect({ pool }) });
      sql = kysely.sql;
      release = () => db.destroy();
      break;
    }
  }
  return new KyselyDatabase<Schema>(parsed.dialect, parsed.redacted, db, sql, release, [
    ...secrets,
  ]);
}

const TIMESTAMP_OID = 1114;
const TIMESTAMPTZ_OID = 1184;

class KyselyDatabase<Schema> implements SqlDatabase<Schema> {
  private closed?: Promise<void>;

  constructor(
    readonly dialect: SqlDialectName,
    readonly redactedUri: string,
    readonly db: Kysely<Schema>,
    readonly sql: SqlTemplateTag,
    private readonly release: () => Promise<void>,
    private readonly secrets: readonly string[],
  ) {}

  async transaction<T>(
    work: (trx: Kysely<Schema>) => Promise<T>,
    mode: TransactionMode = 'write',
  ): Promise<T> {
    const begin =
      this.dialect === 'sqlite'
        ? mode === 'write'
          ? 'begin immediate'
          : 'begin'
        : this.dialect === 'mysql'
          ? 'start transaction'
          : 'begin';
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.connection().execute(async (connection) => {
          await this.sql.raw(begin).execute(connection);
          try {
            const result = await work(connection);
            await this.sql.raw('commit').execute(connection);
            return result;
          } catch (error) {
            // The rollback's own failure (a dropped connection) must not hide the cause.
            await this.sql
              .raw('rollback')
              .execute(connection)
              .catch(() => undefined);
            throw error;
          }
        });
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || classifyDriverError(error) !== 'rolled-back') throw error;
        await pause(attempt);
      }
    }
  }

  async withExclusiveLock<T>(name: string, work: (trx: Kysely<Schema>) => Promise<T>): Promise<T> {
    const { sql } = this;
    switch (this.dialect) {
      case 'sqlite':
        return this.transaction(work, 'write');
      case 'postgres':
        return this.transaction(async (trx) => {
          // Advisory locks are per database; the key is the name's hash.
          await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
          return work(trx);
        });
      case 'mysql':
        // DDL commits implicitly in MySQL, so the lock is held by the connection, not a transaction.
        return this.db.connection().execute(async (connection) => {
          const lockName = sql`concat(${name.slice(0, 20)}, ':', left(database(), 40))`;
          const { rows } = await sql<{
            acquired: number | null;
          }>`select get_lock(${lockName}, 60) as acquired`.execute(connection);
          if (rows[0]?.acquired !== 1) {
            throw new DatabaseError({
              operation: `taking the lock ${name}`,
              database: this.redactedUri,
              retriable: true,
              detail: 'timed out after 60 s',
            });
          }
          try {
            return await work(connection);
          } finally {
            await sql`select release_lock(${lockName})`.execute(connection).catch(() => undefined);
          }
        });
    }
  }

  async listColumns(trx: Kysely<Schema>, table: string): Promise<string[]> {
    const { sql } = this;
    const query =
      this.dialect === 'sqlite'
        ? sql<{ name: string }>`select name from pragma_table_info(${table})`
        : this.dialect === 'postgres'
          ? sql<{
              name: string;
            }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`
          : sql<{
              name: string;
            }>`select column_name as name from information_schema.columns where table_schema = database() and table_name = ${table}`;
    const { rows } = await query.execute(trx);
    return rows.map((row) => String(row.name));
  }

  toError(error: unknown, operation: string): Error {
    return toDatabaseError(error, operation, this.redactedUri, this.secrets);
  }

  close(): Promise<void> {
    this.closed ??= this.release();
    return this.closed;
  }
}

/** What kysely's SqliteDialect is given: the connection, with a statement cache. */
interface SqliteHandle {
  prepare(sql: string): SqliteStatement;
  close(): void;
}

// better-sqlite3's `Database` class, as loaded on first use.
type SqliteConstructor = typeof BetterSqlite3;

const openSqliteFiles = new Map<string, { db: Promise<Kysely<unknown>>; handles: number }>();
const STATEMENT_CACHE_SIZE = 200;

/**
 * A handle on the kysely instance of a SQLite file, shared by every opener of
 * the file in this process so that its connection mutex orders all their
 * statements (one SQLite connection runs one transaction at a time).
 */
async function openSharedSqlite(
  path: string,
  busyTimeoutMs: number,
  Database: SqliteConstructor,
  kysely: typeof KyselyModule,
): Promise<{ db: Kysely<unknown>; release(): Promise<void> }> {
  const key = path === ':memory:' ? undefined : resolve(path);
  let entry = key === undefined ? undefined : openSqliteFiles.get(key);
  if (!entry) {
    entry = { db: createSqliteKysely(path, busyTimeoutMs, Database, kysely), handles: 0 };
    if (key !== undefined) openSqliteFiles.set(key, entry);
  }
  entry.handles++;
  const current = entry;
  const forget = () => {
    if (key !== undefined && openSqliteFiles.get(key) === current) openSqliteFiles.delete(key);
  };
  let db: Kysely<unknown>;
  try {
    db = await current.db;
  } catch (error) {
    current.handles--;
    forget();
    throw error;
  }
  let released = false;
  return {
    db,
    async release() {
      if (released) return;
      released = true;
      current.handles--;
      if (current.handles === 0) {
        forget();
        await db.destroy();
      }
    },
  };
}

async function createSqliteKysely(
  path: string,
  busyTimeoutMs: number,
  Database: SqliteConstructor,
  kysely: typeof KyselyModule,
): Promise<Kysely<unknown>> {
  const connection = await connectSqlite(path, busyTimeoutMs, Database);
  // Preparing is a large part of a small query's cost; the same few statements repeat.
  const statements = new Map<string, SqliteStatement>();
  const database: SqliteHandle = {
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = connection.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close: () => connection.close(),
  };
  return new kysely.Kysely<unknown>({ dialect: new kysely.SqliteDialect({ database }) });
}

async function connectSqlite(path: string, busyTimeoutMs: number, Database: SqliteConstructor) {
  const connection = new Database(path, { timeout: busyTimeoutMs });
  try {
    if (path !== ':memory:') {
      // Several processes opening a new file at once may find it locked for a moment.
      for (let attempt = 1; ; attempt++) {
        try {
          connection.pragma('journal_mode = WAL');
          break;
        } catch (error) {
          if (attempt >= MAX_ATTEMPTS || classifyDriverError(error) !== 'rolled-back') throw error;
          await pause(attempt);
        }
      }
    }
    connection.pragma('foreign_keys = ON');
  } catch (error) {
    connection.close();
    throw error;
  }
  return connection;
}

/**
 * Imports an optional package with `load` (a dynamic `import()`), turning its
 * absence into `MissingDependencyError` naming `packageName` and the
 * `feature` that needs it; any other failure is rethrown as it is.
 */
export async function importOptional<T>(
  load: () => Promise<T>,
  packageName: string,
  feature: string,
): Promise<T> {
  const loaded = await importOptionalPackages({ [packageName]: load }, feature);
  return loaded[packageName] as T;
}

/**
 * Imports optional packages together: `loads` maps each package name to its
 * dynamic `import()`. When some are not installed, one
 * `MissingDependencyError` names all of them (in `loads`' order) with one
 * `npm install` command, so that a user installs them in one go; otherwise
 * the first other failure is rethrown as it is. Resolves with each
 * package's module under its name.
 */
export async function importOptionalPackages<
  const Loads extends Readonly<Record<string, () => Promise<unknown>>>,
>(
  loads: Loads,
  feature: string,
): Promise<{ [Name in keyof Loads]: Awaited<ReturnType<Loads[Name]>> }> {
  const names = Object.keys(loads);
  const settled = await Promise.allSettled(names.map((name) => loads[name]!()));
  const missing: string[] = [];
  const causes: unknown[] = [];
  let failure: { reason: unknown } | undefined;
  const modules: Record<string, unknown> = {};
  settled.forEach((result, index) => {
    const name = names[index]!;
    if (result.status === 'fulfilled') modules[name] = result.value;
    else if (isModuleNotFound(result.reason)) {
      missing.push(name);
      causes.push(result.reason);
    } else failure ??= { reason: result.reason };
  });
  if (missing.length > 0) {
    throw new MissingDependencyError({
      packageName: missing,
      feature,
      cause: causes.length === 1 ? causes[0] : new AggregateError(causes, 'Packages not found.'),
    });
  }
  if (failure) throw failure.reason;
  return modules as { [Name in keyof Loads]: Awaited<ReturnType<Loads[Name]>> };
}

function isModuleNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

function secretsOf(uri: string): string[] {
  const secrets = [uri];
  const separator = uri.indexOf('://');
  if (separator >= 0) {
    try {
      const url = new URL(`http://${uri.slice(separator + 3)}`);
      if (url.password) secrets.push(url.password, decodeURIComponent(url.password));
      for (const [key, value] of url.searchParams)
        if (/pass|key|secret/i.test(key)) secrets.push(value);
    } catch {
      // An unparsable URI has no password we could find; the whole URI is still masked.
    }
  }
  return secrets.filter((secret) => secret.length > 0);
}

function mask(text: string, secrets: readonly string[]): string {
  let masked = text;
  for (const secret of secrets) masked = masked.replaceAll(secret, '***');
  return masked;
}

function pause(attempt: number): Promise<void> {
  const ms = Math.min(200, 2 ** attempt) * (0.5 + Math.random());
  return new Promise((done) => setTimeout(done, ms));
}
