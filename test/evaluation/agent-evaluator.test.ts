import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EvalFailedError } from '../../src/errors/eval-failed-error.js';
import { AgentEvaluator } from '../../src/evaluation/agent-evaluator.js';
import { EvalStatus } from '../../src/evaluation/eval-metrics.js';
import { evalSetFromJson } from '../../src/evaluation/eval-set.js';
import { rootAgent } from './fixtures/dice_agent/agent.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

describe('AgentEvaluator from a vitest test', () => {
  it('passes an agent folder on every eval file beside it (evalset and old test format), twice each', async () => {
    const printed: string[] = [];
    await AgentEvaluator.evaluate({
      agentModule: fixture('dice_agent'),
      evalDatasetFilePathOrDir: fixture('dice_agent'),
      print: (text) => printed.push(text),
    });
    // Two files (dice.evalset.json, roll.test.json), two metrics each, printed once per case.
    const summaries = printed.filter((text) => text.startsWith('Summary: `EvalStatus.PASSED`'));
    expect(summaries.length).toBeGreaterThanOrEqual(4);
    expect(printed.join('\n')).toContain(
      'for Metric: `tool_trajectory_avg_score`. Expected threshold: `1`, actual value: `1`.',
    );
    expect(printed.join('\n')).toContain('| EvalStatus.PASSED');
  });

  it('throws EvalFailedError naming each metric below its threshold', async () => {
    const error = await AgentEvaluator.evaluate({
      agentModule: fixture('dice_agent'),
      evalDatasetFilePathOrDir: fixture('dice_failing/wrong.evalset.json'),
      numRuns: 1,
      printDetailedResults: false,
    }).catch((caught: unknown) => caught);
    expect(EvalFailedError.isInstance(error)).toBe(true);
    const failures = (error as EvalFailedError).failures;
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatch(
      /^tool_trajectory_avg_score for .*dice_agent Failed\. Expected 1, but got 0\.$/,
    );
    expect(failures[1]).toMatch(
      /^response_match_score for .*dice_agent Failed\. Expected 0\.8, but got 0\.\d+\.$/,
    );
    expect((error as Error).message).toContain(
      'Following are all the test failures. If you looking to get more details on the failures, then please re-run this test with `print_detailed_results` set to `True`.\n',
    );
  });

  it('returns the aggregated results of an eval set evaluated with an agent object', async () => {
    const evalSet = evalSetFromJson(
      JSON.parse(await readFile(fixture('dice_agent/dice.evalset.json'), 'utf8')) as unknown,
    );
    const results = await AgentEvaluator.evaluateEvalSet({
      agent: rootAgent,
      evalSet,
      criteria: { tool_trajectory_avg_score: 1 },
      numRuns: 3,
      printDetailedResults: false,
    });
    expect(results.map((result) => [result.evalId, result.finalEvalStatus])).toEqual([
      ['greet_then_roll', EvalStatus.PASSED],
      ['roll_six', EvalStatus.PASSED],
    ]);
    // Three runs of two turns each.
    expect(results[0]!.evalMetricResultPerInvocation).toHaveLength(6);
  });
});
