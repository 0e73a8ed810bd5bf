import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DatabaseSessionService } from '../sessions/database/database-session-service.js';
import { createSqlTestDatabase } from '../testing/sql-test-databases.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

interface ProcessReport {
  runs: string[];
  interrupts: string[];
  outputs: [string, unknown][];
}

async function runPhase(uri: string, phase: 'pause' | 'resume'): Promise<ProcessReport> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'test/workflow/workflow-resume-process.ts', uri, phase],
    { cwd: root, timeout: 120_000 },
  );
  return JSON.parse(stdout) as ProcessReport;
}

describe('Workflow resume across processes on PostgreSQL (issue 17 §5, _rehydration_utils.py)', () => {
  it('a RequestInput pause in one process is resumed by a new Runner and Workflow in another', async () => {
    const database = await createSqlTestDatabase('postgres', 'workflow_resume');
    try {
      const paused = await runPhase(database.uri, 'pause');
      expect(paused.runs).toEqual(['prepare', 'ask']);
      expect(paused.interrupts).toEqual(['approval']);
      expect(paused.outputs).toEqual([['approval_flow@1/prepare@1', { amount: 120 }]]);

      const resumed = await runPhase(database.uri, 'resume');
      // prepare is replayed from the session, ask's answer is its output.
      expect(resumed.runs).toEqual(['finish']);
      expect(resumed.interrupts).toEqual([]);
      expect(resumed.outputs).toContainEqual(['approval_flow@1/finish@1', 'finished: approved']);

      const service = new DatabaseSessionService({ dbUrl: database.uri });
      try {
        const session = await service.getSession({
          appName: 'resume_app',
          userId: 'u',
          sessionId: 'approval',
        });
        const events = session?.events ?? [];
        expect(new Set(events.map((event) => event.invocationId)).size).toBe(1);
        expect(events.at(-1)?.actions.endOfAgent).toBe(true);
      } finally {
        await service.close();
      }
    } finally {
      await database.drop();
    }
  }, 240_000);
});
