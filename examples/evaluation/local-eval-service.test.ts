/**
 * Running an eval set with LocalEvalService, as docs/evaluation.md shows:
 * inference (the agent answers each turn of each case), then evaluation
 * (each metric of the config scores each case), results kept in a store.
 *
 * Run: npx vitest run examples/evaluation
 */
import {
  EvalStatus,
  InMemoryEvalSetResultsManager,
  LocalEvalService,
  LocalEvalSetsManager,
  getEvalMetricsFromConfig,
  getEvaluationCriteriaOrDefault,
  type InferenceResult,
} from '@adk-ts/adk';
import { expect, it } from 'vitest';
import { rootAgent } from '../agents/hello_eval/agent.js';

const agentsDir = new URL('../agents/', import.meta.url).pathname;

it('scores the hello_eval eval set with the criteria of its test_config.json', async () => {
  const evalSetResultsManager = new InMemoryEvalSetResultsManager();
  const service = new LocalEvalService({
    rootAgent,
    evalSetsManager: new LocalEvalSetsManager(agentsDir),
    evalSetResultsManager,
  });

  const inferences: InferenceResult[] = [];
  for await (const inference of service.performInference({
    appName: 'hello_eval',
    evalSetId: 'hello_eval_set',
  })) {
    inferences.push(inference);
  }

  const config = await getEvaluationCriteriaOrDefault(`${agentsDir}hello_eval/test_config.json`);
  const verdicts: Record<string, number> = {};
  for await (const result of service.evaluate({
    inferenceResults: inferences,
    evaluateConfig: { evalMetrics: getEvalMetricsFromConfig(config) },
  })) {
    verdicts[result.evalId] = result.finalEvalStatus;
  }

  expect(verdicts).toEqual({
    what_can_you_do: EvalStatus.PASSED,
    roll_and_check: EvalStatus.PASSED,
  });
  expect(await evalSetResultsManager.listEvalSetResults({ appName: 'hello_eval' })).toHaveLength(1);
});
