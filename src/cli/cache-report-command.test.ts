import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentsDir, echoAgentSource, runCli } from '../../test/cli/cli-process.js';
import {
  CACHE_NAMES,
  CACHED_AGENT,
  EXPECTED_CACHED_AGENT_REPORT,
  HELPER_AGENT,
  createCacheSession,
} from '../context/cache-performance-test-fixtures.js';
import type { DatabaseSessionService } from '../sessions/database/database-session-service.js';
import { getSessionServiceFromUri } from '../sessions/session-service-from-uri.js';

/*
 * `adk cache_report` (spec 004 §6 CachePerformanceAnalyzer, printed by the
 * CLI as issue 19 §3 asks) in a child process, reading the SQLite sessions
 * `adk run` writes in <agents>/.adk/session.db.
 */

let agentsDir: string;

beforeAll(async () => {
  agentsDir = await createAgentsDir({ cache_app: echoAgentSource() });
  await mkdir(path.join(agentsDir, '.adk'), { recursive: true });
  const sessions = getSessionServiceFromUri(
    `sqlite:///${path.join(agentsDir, '.adk', 'session.db')}`,
  ) as DatabaseSessionService;
  await createCacheSession(sessions, {
    appName: 'cache_app',
    userId: 'test_user',
    sessionId: 's1',
  });
  await createCacheSession(sessions, { appName: 'cache_app', userId: 'ana', sessionId: 's2' });
  await sessions.close();
});

afterAll(async () => {
  await rm(path.dirname(agentsDir), { recursive: true, force: true });
});

describe('adk cache_report AGENT --session_id ID', () => {
  it('prints the metrics of each agent and its invocations as text', async () => {
    const result = await runCli(['cache_report', 'cache_app', '--session_id', 's1'], {
      cwd: agentsDir,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('Context cache report: app cache_app, user test_user, session s1');
    const cachedAgent = lines.slice(lines.indexOf(`Agent ${CACHED_AGENT}: cache active`));
    expect(cachedAgent.slice(1, 13)).toEqual([
      '  Requests with cache:       4',
      '  Avg invocations used:      1.25',
      `  Latest cache:              ${CACHE_NAMES.c2}`,
      '  Cache refreshes:           2',
      '  Total invocations:         5',
      '  Total prompt tokens:       26400',
      '  Total cached tokens:       19400',
      '  Cache hit ratio:           73.5%',
      '  Cache utilization ratio:   80.0%',
      '  Avg cached tokens/request: 3880.0',
      '  Total requests:            5',
      '  Requests with cache hits:  4',
    ]);
    expect(cachedAgent.slice(14, 19)).toEqual([
      '  Invocation  Requests  Prompt  Cached  Hit %  Cache',
      '  e-1                1    5000       0    0.0  -',
      '  e-2                2   10500    9600   91.4  c1 (new) used 1',
      '  e-3                1    5400    4800   88.9  c1 used 2',
      '  e-4                1    5500    5000   90.9  c2 (new) used 1',
    ]);
    expect(result.stdout).toContain(`Agent ${HELPER_AGENT}: cache active`);
  });

  it('--json prints the reports; --user_id and --agent_name pick the session and agent', async () => {
    const result = await runCli(
      [
        'cache-report',
        'cache_app',
        '--session_id',
        's2',
        '--user_id',
        'ana',
        '--agent_name',
        CACHED_AGENT,
        '--json',
      ],
      { cwd: agentsDir },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toStrictEqual([
      { agentName: CACHED_AGENT, report: EXPECTED_CACHED_AGENT_REPORT },
    ]);
  });

  it('reads the session `adk run` stored: without caching, no agent used a cache', async () => {
    const run = await runCli(['run', 'cache_app', 'hello', '--session_id', 'plain'], {
      cwd: agentsDir,
    });
    expect(run.code).toBe(0);
    const result = await runCli(['cache_report', 'cache_app', '--session_id', 'plain'], {
      cwd: agentsDir,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'Context cache report: app cache_app, user test_user, session plain\n\n' +
        'No agent of this session used a context cache.\n',
    );
  });

  it('a missing session is one error line and exit code 1', async () => {
    const result = await runCli(['cache_report', 'cache_app', '--session_id', 'nope'], {
      cwd: agentsDir,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('Error: Session not found: nope\n');
  });
});
