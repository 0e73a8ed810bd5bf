import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFromSnakeCaseJson, eventToSnakeCaseJson } from '../events/event-json.js';
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

  it('reads a summary adk-python stored and sends it in the next request', async () => {
    const service = new DatabaseSessionService({ dbUrl: database.uri });
    try {
      const session = await service.createSession({ ...compactionIds, sessionId: 'from_python' });
      const base = session.lastUpdateTime + 1;
      // What adk-python's DatabaseSessionService stores (model_dump, exclude_none, snake_case).
      const pythonSummary = {
        id: '0b7c3f1e-6a55-4d3f-9a2e-1f0a8f0e9d11',
        invocation_id: '5d9f2f4c-8f0a-4a43-b3d8-3c9f3f8f6b2a',
        author: 'user',
        actions: {
          state_delta: {},
          artifact_delta: {},
          requested_auth_configs: {},
          requested_tool_confirmations: {},
          compaction: {
            start_timestamp: base,
            end_timestamp: base + 1,
            compacted_content: { parts: [{ text: 'Python summary' }], role: 'model' },
          },
        },
        timestamp: base + 2,
        usage_metadata: { prompt_token_count: 120, total_token_count: 150 },
      };
      const text = (t: number, author: string, value: string) =>
        eventFromSnakeCaseJson({
          invocation_id: 'e-python',
          author,
          timestamp: t,
          content: { role: author === 'user' ? 'user' : 'model', parts: [{ text: value }] },
        });
      for (const event of [
        text(base, 'user', 'old question'),
        text(base + 1, 'assistant', 'old answer'),
        eventFromSnakeCaseJson(pythonSummary),
      ]) {
        await service.appendEvent({ session, event });
      }
      const stored = (await service.getSession({ ...compactionIds, sessionId: 'from_python' }))!;
      expect(eventToSnakeCaseJson(stored.events[2]!)).toMatchObject(pythonSummary);
      expect(getContents(undefined, stored.events, 'assistant')).toEqual([
        { role: 'model', parts: [{ text: 'Python summary' }] },
      ]);
    } finally {
      await service.close();
    }
  });
});
