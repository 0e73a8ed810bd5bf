import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import { FileArtifactService } from '../artifacts/file-artifact-service.js';
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import { DatabaseSessionService } from '../sessions/database/database-session-service.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { createSqlTestDatabase, type SqlTestDatabase } from '../testing/sql-test-databases.js';
import type { Part } from '../types/index.js';
import { emptyArtifactMarker } from './rewind-artifact-delta.js';
import {
  artifactNames,
  recordingRunner,
  rewindIds,
  runRecordedTurns,
  snapshot,
  type Snapshot,
} from './rewind-test-fixtures.js';

// Source: adk-python runners.py `rewind_async` and sessions/_rewind_utils.py
// (tests/unittests/runners/test_runner_rewind.py checks the same rules on
// hand-made events). Here N real turns run, the session's state and artifacts
// are snapshotted before each, and a rewind before turn k must give back the
// snapshot taken before turn k, except what the reference never rewinds:
// `app:` and `user:` state and `user:` artifacts keep their latest values,
// and an artifact that did not exist yet gets the empty marker as a new
// version, which the in-memory store reads as absent (as Python's does) and
// the file store returns as it is.

const TURNS = 4;

/** What the session must look like after rewinding before turn k. */
function expectedAfterRewind(
  before: Snapshot,
  latest: Snapshot,
  absent: Part | undefined,
): Snapshot {
  const state: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(before.state)) {
    if (!key.startsWith('app:') && !key.startsWith('user:')) state[key] = value;
  }
  for (const [key, value] of Object.entries(latest.state)) {
    if (key.startsWith('app:') || key.startsWith('user:')) state[key] = value;
  }
  const artifacts: Snapshot['artifacts'] = {};
  for (const [name, part] of Object.entries(before.artifacts)) {
    artifacts[name] = name.startsWith('user:') ? latest.artifacts[name] : (part ?? absent);
  }
  return { state, artifacts };
}

interface Backend {
  sessions: BaseSessionService;
  artifacts: BaseArtifactService;
  /** How the store reads back an artifact rewound to before it existed. */
  absent: Part | undefined;
  close(): Promise<void>;
}

const backends: Record<string, () => Promise<Backend>> = {
  'in-memory sessions and artifacts': async () => ({
    sessions: new InMemorySessionService(),
    artifacts: new InMemoryArtifactService(),
    absent: undefined,
    close: async () => {},
  }),
  'SQLite sessions and file artifacts': () => sqlBackend('sqlite'),
  'PostgreSQL sessions and file artifacts': () => sqlBackend('postgres'),
};

/** A SQL session store on a fresh database of `kind`, with file artifacts in a new folder. */
async function sqlBackend(kind: 'sqlite' | 'postgres'): Promise<Backend> {
  const database: SqlTestDatabase = await createSqlTestDatabase(kind, 'rewind');
  const folder = await mkdtemp(join(tmpdir(), 'adk-rewind-artifacts-'));
  const sessions = new DatabaseSessionService({ dbUrl: database.uri });
  return {
    sessions,
    artifacts: new FileArtifactService(folder),
    absent: emptyArtifactMarker(),
    close: async () => {
      await sessions.close();
      await database.drop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

describe.each(Object.keys(backends))('Runner.rewindAsync on %s', (label) => {
  let backend: Backend;

  beforeAll(async () => {
    backend = await backends[label]!();
  });

  afterAll(async () => {
    await backend?.close();
  });

  it.each(Array.from({ length: TURNS }, (_, k) => k))(
    'rewinding before turn %i gives back the state and artifacts from before it',
    async (k) => {
      const runner = recordingRunner(backend.sessions, backend.artifacts);
      const sessionId = `replay-${k}`;
      const { invocationIds, snapshots } = await runRecordedTurns(runner, sessionId, TURNS);

      const rewindEvent = await runner.rewindAsync({
        userId: rewindIds.userId,
        sessionId,
        rewindBeforeInvocationId: invocationIds[k]!,
      });

      expect(rewindEvent.actions.rewindBeforeInvocationId).toBe(invocationIds[k]);
      const restored = await snapshot(runner, sessionId, artifactNames(TURNS));
      expect(restored).toEqual(
        expectedAfterRewind(snapshots[k]!, snapshots[TURNS]!, backend.absent),
      );
      const stored = await backend.sessions.getSession({ ...rewindIds, sessionId });
      expect(stored!.events.at(-1)!.actions).toEqual(rewindEvent.actions);
    },
  );

  it('a turn after a rewind, then a rewind before that turn, lands on the same snapshot', async () => {
    const runner = recordingRunner(backend.sessions, backend.artifacts);
    const sessionId = 'replay-twice';
    const { invocationIds, snapshots } = await runRecordedTurns(runner, sessionId, TURNS);
    const names = artifactNames(TURNS);
    await runner.rewindAsync({
      userId: rewindIds.userId,
      sessionId,
      rewindBeforeInvocationId: invocationIds[2]!,
    });
    const afterFirstRewind = await snapshot(runner, sessionId, names);

    let againId = '';
    for await (const event of runner.runAsync({
      userId: rewindIds.userId,
      sessionId,
      newMessage: { role: 'user', parts: [{ text: 'again' }] },
    })) {
      againId = event.invocationId;
    }
    expect((await snapshot(runner, sessionId, names)).state['count']).toBe(TURNS);
    await runner.rewindAsync({
      userId: rewindIds.userId,
      sessionId,
      rewindBeforeInvocationId: againId,
    });

    const afterSecondRewind = await snapshot(runner, sessionId, names);
    // Only the shared scopes moved on (the extra turn wrote them again).
    expect(afterSecondRewind.state).toEqual({
      ...afterFirstRewind.state,
      'user:seen': TURNS,
      'app:total': TURNS,
    });
    const { 'user:profile.txt': _profile, ...sessionArtifacts } = afterSecondRewind.artifacts;
    const { 'user:profile.txt': _before, ...expected } = expectedAfterRewind(
      snapshots[2]!,
      snapshots[TURNS]!,
      backend.absent,
    ).artifacts;
    expect(sessionArtifacts).toEqual(expected);
  });
});
