import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  runEvalSetResultsManagerSuite,
  sampleEvalCaseResult,
} from '../testing/eval-set-results-manager-suite.js';
import { LocalEvalSetResultsManager } from './local-eval-set-results-manager.js';

const dirs: string[] = [];
async function tempAgentsDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'eval-results-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

runEvalSetResultsManagerSuite(
  'LocalEvalSetResultsManager',
  async (now) => new LocalEvalSetResultsManager(await tempAgentsDir(), now),
);

describe('LocalEvalSetResultsManager files', () => {
  it('writes <agents>/<app>/.adk/eval_history/<name>.evalset_result.json as plain JSON', async () => {
    const agentsDir = await tempAgentsDir();
    const manager = new LocalEvalSetResultsManager(agentsDir, () => 1_764_201_600.5);
    await manager.saveEvalSetResult({
      appName: 'app',
      evalSetId: 'set_1',
      evalCaseResults: [sampleEvalCaseResult('one')],
    });
    const file = path.join(
      agentsDir,
      'app',
      '.adk',
      'eval_history',
      'app_set_1_1764201600.5.evalset_result.json',
    );
    const text = await readFile(file, 'utf8');
    expect(text.startsWith('{\n  "eval_set_result_id": "app_set_1_1764201600.5",\n')).toBe(true);
    // Python's float fields keep their `.0`; its int enum is a number.
    expect(text).toContain('"threshold": 1.0,');
    expect(text).toContain('"score": 1.0,');
    expect(text).toContain('"eval_status": 1,');
    expect(text).toContain('"final_eval_status": 1,');
    const json = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual([
      'eval_set_result_id',
      'eval_set_result_name',
      'eval_set_id',
      'eval_case_results',
      'creation_timestamp',
    ]);
    const caseResult = (json['eval_case_results'] as Record<string, unknown>[])[0];
    expect(Object.keys(caseResult ?? {})).toEqual([
      'eval_set_file',
      'eval_set_id',
      'eval_id',
      'final_eval_status',
      'eval_metric_results',
      'overall_eval_metric_results',
      'eval_metric_result_per_invocation',
      'session_id',
      'user_id',
    ]);
    expect(caseResult?.['eval_metric_results']).toEqual([
      [
        { metric_name: 'tool_trajectory_avg_score', threshold: 1, criterion: { threshold: 1 } },
        {
          metric_name: 'tool_trajectory_avg_score',
          threshold: 1,
          criterion: { threshold: 1 },
          score: 1,
          eval_status: 1,
          details: {},
        },
      ],
    ]);
  });

  it('reads a result file Python wrote double-encoded, with nulls', async () => {
    const agentsDir = await tempAgentsDir();
    const inner = JSON.stringify({
      eval_set_result_id: 'app_s_1750000000.123456',
      eval_set_result_name: 'app_s_1750000000.123456',
      eval_set_id: 's',
      eval_case_results: [
        {
          eval_set_file: 's',
          eval_set_id: 's',
          eval_id: 'c',
          final_eval_status: 2,
          eval_metric_results: [],
          overall_eval_metric_results: [
            {
              metric_name: 'response_match_score',
              threshold: 0.8,
              criterion: null,
              custom_function_path: null,
              score: 0.5,
              eval_status: 2,
              details: { rubric_scores: null },
            },
          ],
          eval_metric_result_per_invocation: [],
          session_id: 'sess',
          session_details: null,
          user_id: 'test_user_id',
        },
      ],
      creation_timestamp: 1750000000.123456,
    });
    const dir = path.join(agentsDir, 'app', '.adk', 'eval_history');
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, 'app_s_1750000000.123456.evalset_result.json'),
      JSON.stringify(inner),
    );
    const manager = new LocalEvalSetResultsManager(agentsDir);
    expect(await manager.listEvalSetResults({ appName: 'app' })).toEqual([
      'app_s_1750000000.123456',
    ]);
    const result = await manager.getEvalSetResult({
      appName: 'app',
      evalSetResultId: 'app_s_1750000000.123456',
    });
    expect(result.evalCaseResults[0]).toEqual({
      evalSetFile: 's',
      evalSetId: 's',
      evalId: 'c',
      finalEvalStatus: 2,
      evalMetricResults: [],
      overallEvalMetricResults: [
        {
          metricName: 'response_match_score',
          threshold: 0.8,
          score: 0.5,
          evalStatus: 2,
          details: {},
        },
      ],
      evalMetricResultPerInvocation: [],
      sessionId: 'sess',
      userId: 'test_user_id',
    });
  });
});
