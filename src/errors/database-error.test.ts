import { describe, expect, it } from 'vitest';
import { DatabaseError } from './database-error.js';

describe('DatabaseError', () => {
  it('keeps the database and the driver text out of its public message', () => {
    const error = new DatabaseError({
      operation: 'createSession',
      database: 'postgresql://adk@db.internal:5432/prod',
      retriable: false,
      detail: 'value too long for type character varying(128)',
    });
    expect(error.message).toBe(
      'createSession failed on postgresql://adk@db.internal:5432/prod: value too long for type character varying(128)',
    );
    expect(error.publicMessage).toBe('createSession failed: a database error occurred.');
  });

  it('tells a client to try again when repeating the call may succeed', () => {
    const error = new DatabaseError({
      operation: 'appendEvent',
      database: 'sqlite:////srv/adk/sessions.db',
      retriable: true,
      detail: 'SQLITE_BUSY: database is locked',
    });
    expect(error.publicMessage).toBe(
      'appendEvent failed: the database is unavailable or busy; try again.',
    );
    expect(error.publicMessage).not.toContain('/srv/adk');
  });
});
