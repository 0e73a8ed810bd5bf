import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EvalFailedError } from '../../src/errors/eval-failed-error.js';
import { AgentEvaluator } from '../../src/evaluation/agent-evaluator.js';
import { EvalStatus } from '../../src/evaluation/eval-metrics.js';
import { evalSetFromJson } from '../../src/evaluation/eval-set.js';
import { LlmAgent } from '../../src/agents/llm-agent.js';
import { ScriptedLlm } from '../../src/testing/scripted-llm.js';
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
      'for Metric: `tool_trajectory_avg_score`. Expected threshold: `1.0`, actual value: `1.0`.',
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
      /^tool_trajectory_avg_score for .*dice_agent Failed\. Expected 1\.0, but got 0\.0\.$/,
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

  it('loads a module file exporting getAgentAsync and evaluates one eval file', async () => {
    await AgentEvaluator.evaluate({
      agentModule: fixture('dice_factory/agent-factory.ts'),
      evalDatasetFilePathOrDir: fixture('dice_agent/roll.test.json'),
      numRuns: 1,
      printDetailedResults: false,
    });
  });

  it('refuses criteria the older format cannot be scored with', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'adk-agent-evaluator-'));
    try {
      await copyFile(fixture('dice_agent/roll.test.json'), path.join(dir, 'roll.test.json'));
      await writeFile(
        path.join(dir, 'test_config.json'),
        JSON.stringify({ criteria: { final_response_match_v2: 0.5 } }),
      );
      await expect(
        AgentEvaluator.evaluate({ agent: rootAgent, evalDatasetFilePathOrDir: dir, numRuns: 1 }),
      ).rejects.toThrow(
        "Invalid criteria key: final_response_match_v2. Expected one of ['tool_trajectory_avg_score', 'response_evaluation_score', 'response_match_score', 'safety_v1'].",
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("scores with the config's custom metrics, their code found beside the eval files", async () => {
    const printed: string[] = [];
    await AgentEvaluator.evaluate({
      agent: rootAgent,
      evalDatasetFilePathOrDir: fixture('dice_custom_metric'),
      customMetricsRootDir: fixture('dice_custom_metric'),
      numRuns: 1,
      print: (text) => printed.push(text),
    });
    expect(printed.join('\n')).toContain(
      'Summary: `EvalStatus.PASSED` for Metric: `short_replies`. Expected threshold: `1.0`, actual value: `1.0`.',
    );
  });

  it('fails a case whose runs crashed before any metric could score them', async () => {
    const broken = new LlmAgent({
      name: 'broken_agent',
      model: new ScriptedLlm({ responses: () => new RangeError('model unavailable') }),
    });
    const evalSet = evalSetFromJson(
      JSON.parse(await readFile(fixture('dice_agent/dice.evalset.json'), 'utf8')) as unknown,
    );
    const error = await AgentEvaluator.evaluateEvalSet({
      agent: broken,
      evalSet,
      criteria: { tool_trajectory_avg_score: 1 },
      numRuns: 2,
      printDetailedResults: false,
    }).catch((caught: unknown) => caught);
    expect(EvalFailedError.isInstance(error)).toBe(true);
    // Cases are reported in the order their results arrive.
    expect([...(error as EvalFailedError).failures].sort()).toEqual([
      'greet_then_roll for broken_agent Failed. 2 of 2 runs were recorded as failed without producing any metric results.',
      'roll_six for broken_agent Failed. 2 of 2 runs were recorded as failed without producing any metric results.',
    ]);
  });
});
