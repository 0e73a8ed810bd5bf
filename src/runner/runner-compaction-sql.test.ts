import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFromSnakeCaseJson } from '../events/event-json.js';
import { getContents } from '../flows/processors/contents.js';
import { openDatabase } from '../sessions/database/connection.js';
import { DatabaseSessionService } from '../sessions/database/database-session-service.js';
import type { SessionTables } from '../sessions/database/session-schema.js';
import { createSqlTestDatabase, type SqlTestDatabase } from '../testing/sql-test-databases.js';
import {
  compactionIds,
  compactionRunner,
  compactions,
  storedEvents,
  turn,
} from './runner-compaction-test-fixtures.js';

// A compacted session stored on SQLite in adk-python's schema: the summary
// event's `event_data` is Python's JSON (`actions.compaction` with
// snake_case `start_timestamp`, `end_timestamp`, `compacted_content`), it
// reads back equal through a new service, and the next turn's request uses it.

describe('Runner: compaction events on SQLite', () => {
  let database: SqlTestDatabase;

  beforeAll(async () => {
    database = await createSqlTestDatabase('sqlite', 'runner_compaction');
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('stores actions.compaction as Python does and reads it back into the next request', async () => {
    const writer = new DatabaseSessionService({ dbUrl: database.uri });
    const { runner } = await compactionRunner(
      { compactionInterval: 2, overlapSize: 0 },
      { sessionService: writer },
    );
    await turn(runner, 'turn 1');
    await turn(runner, 'turn 2');
    const written = compactions(await storedEvents(writer));
    expect(written.map((c) => c.summary)).toEqual(['SUMMARY 1']);
    await writer.close();

    const raw = await openDatabase<SessionTables>(database.uri);
    let data: Record<string, unknown>;
    try {
      const rows = await raw.db
        .selectFrom('events')
        .selectAll()
        .where('session_id', '=', compactionIds.sessionId)
        .execute();
      const summaryRows = rows
        .map((row) =>
          typeof row.event_data === 'string' ? JSON.parse(row.event_data) : row.event_data,
        )
        .filter((json) => (json as { actions?: { compaction?: unknown } }).actions?.compaction);
      expect(summaryRows).toHaveLength(1);
      data = summaryRows[0] as Record<string, unknown>;
    } finally {
      await raw.close();
    }
    expect(data).toMatchObject({
      author: 'user',
      actions: {
        compaction: {
          start_timestamp: written[0]!.start,
          end_timestamp: written[0]!.end,
          compacted_content: { role: 'model', parts: [{ text: 'SUMMARY 1' }] },
        },
      },
    });
    expect(Object.keys((data['actions'] as { compaction: object }).compaction).sort()).toEqual([
      'compacted_content',
      'end_timestamp',
      'start_timestamp',
    ]);
    // The event adk-python would have written reads as ours does.
    expect(eventFromSnakeCaseJson(data).actions.compaction).toEqual({
      startTimestamp: written[0]!.start,
      endTimestamp: written[0]!.end,
      compactedContent: { role: 'model', parts: [{ text: 'SUMMARY 1' }] },
    });

    const reader = new DatabaseSessionService({ dbUrl: database.uri });
    try {
      const events = await storedEvents(reader);
      expect(compactions(events)).toEqual(written);
      expect(getContents(undefined, events, 'assistant')).toEqual([
        { role: 'model', parts: [{ text: 'SUMMARY 1' }] },
      ]);
      const { runner: next, agentModel } = await compactionRunner(
        { compactionInterval: 2, overlapSize: 0 },
        { sessionService: reader, createSession: false },
      );
      await turn(next, 'turn 3');
      expect(agentModel.requests[0]!.contents).toEqual([
        { role: 'model', parts: [{ text: 'SUMMARY 1' }] },
        { role: 'user', parts: [{ text: 'turn 3' }] },
      ]);
    } finally {
      await reader.close();
    }
  });
});
