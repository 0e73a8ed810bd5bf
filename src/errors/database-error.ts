import { AdkError, hasMarker } from './adk-error.js';

const name = 'DatabaseError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when a SQL-backed service cannot complete an operation: the server
 * is unreachable, the connection dropped, a lock could not be taken, or the
 * stored data cannot be read. The message names the operation and the
 * database with its credentials removed; it never holds the connection
 * string. The transaction was rolled back, so nothing of the operation is
 * stored. Its `publicMessage`, what an HTTP client is told, names only the
 * operation: the database's address and the driver's text stay in the
 * server's log. `retriable` is true when the same call may succeed if repeated
 * (lost connection, deadlock, lock timeout, busy database); appending an
 * event again with the same id is safe, as a stored id is never stored twice.
 */
export class DatabaseError extends AdkError {
  private readonly [marker] = true;
  /** What was being done, e.g. `appendEvent`. */
  readonly operation: string;
  /** Whether repeating the call may succeed. */
  readonly retriable: boolean;

  constructor({
    operation,
    database,
    retriable,
    detail,
    cause,
  }: {
    operation: string;
    /** The database as `redactDatabaseUri` shows it. */
    database: string;
    retriable: boolean;
    /** What went wrong, without connection strings. */
    detail: string;
    cause?: unknown;
  }) {
    super({
      name,
      message: `${operation} failed on ${database}: ${detail}`,
      publicMessage: retriable
        ? `${operation} failed: the database is unavailable or busy; try again.`
        : `${operation} failed: a database error occurred.`,
      cause,
    });
    this.operation = operation;
    this.retriable = retriable;
  }

  static override isInstance(error: unknown): error is DatabaseError {
    return hasMarker(error, marker);
  }
}
