import { describe, expect, it } from 'vitest';
import { EvalNotFoundError } from '../errors/eval-not-found-error.js';
import { InvalidAppNameError } from '../errors/invalid-app-name-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { EvalCaseResult } from '../evaluation/eval-result.js';
import type { EvalSetResultsManager } from '../evaluation/eval-set-results-manager.js';

/** A passing case result with one metric and one invocation. */
export function sampleEvalCaseResult(evalId: string): EvalCaseResult {
  const metric = {
    metricName: 'tool_trajectory_avg_score',
    threshold: 1,
    criterion: { threshold: 1 },
  };
  const metricResult = { ...metric, score: 1, evalStatus: 1 as const, details: {} };
  const invocation = {
    invocationId: 'e-1',
    userContent: { role: 'user', parts: [{ text: 'hi' }] },
    finalResponse: { role: 'model', parts: [{ text: 'hello' }] },
    creationTimestamp: 1_700_000_000.5,
  };
  return {
    evalSetFile: 'set_1',
    evalSetId: 'set_1',
    evalId,
    finalEvalStatus: 1,
    evalMetricResults: [[metric, metricResult]],
    overallEvalMetricResults: [metricResult],
    evalMetricResultPerInvocation: [
      {
        actualInvocation: invocation,
        expectedInvocation: invocation,
        evalMetricResults: [metricResult],
      },
    ],
    sessionId: `session-${evalId}`,
    userId: 'eval_user',
  };
}

/**
 * The behavioural suite every `EvalSetResultsManager` passes unchanged (files,
 * in memory). `makeManager(now)` gives a fresh, empty manager whose clock
 * reads `now()`.
 */
export function runEvalSetResultsManagerSuite(
  name: string,
  makeManager: (now: () => number) => Promise<EvalSetResultsManager>,
): void {
  describe(`${name}: EvalSetResultsManager contract`, () => {
    it('saves a result under <app>_<set>_<timestamp> and reads it back', async () => {
      const manager = await makeManager(() => 1_764_201_600.25);
      const saved = await manager.saveEvalSetResult({
        appName: 'app',
        evalSetId: 'set_1',
        evalCaseResults: [sampleEvalCaseResult('one'), sampleEvalCaseResult('two')],
      });
      expect(saved).toMatchObject({
        evalSetResultId: 'app_set_1_1764201600.25',
        evalSetResultName: 'app_set_1_1764201600.25',
        evalSetId: 'set_1',
        creationTimestamp: 1_764_201_600.25,
      });
      expect(saved.evalCaseResults).toEqual([
        sampleEvalCaseResult('one'),
        sampleEvalCaseResult('two'),
      ]);
      expect(
        await manager.getEvalSetResult({ appName: 'app', evalSetResultId: saved.evalSetResultId }),
      ).toEqual(saved);
    });

    it('spells a whole-second timestamp as Python prints a float', async () => {
      const manager = await makeManager(() => 1_764_201_600);
      const saved = await manager.saveEvalSetResult({
        appName: 'app',
        evalSetId: 's',
        evalCaseResults: [],
      });
      expect(saved.evalSetResultId).toBe('app_s_1764201600.0');
    });

    it('lists the app’s results sorted, and none for an app without any', async () => {
      let now = 1_764_201_602;
      const manager = await makeManager(() => now);
      for (const id of ['b', 'a']) {
        await manager.saveEvalSetResult({ appName: 'app', evalSetId: id, evalCaseResults: [] });
        now -= 1;
      }
      expect(await manager.listEvalSetResults({ appName: 'app' })).toEqual([
        'app_a_1764201601.0',
        'app_b_1764201602.0',
      ]);
      expect(await manager.listEvalSetResults({ appName: 'nothing_here' })).toEqual([]);
    });

    it('reports a missing result as EvalNotFoundError', async () => {
      const manager = await makeManager(() => 1);
      const error = await manager
        .getEvalSetResult({ appName: 'app', evalSetResultId: 'app_x_1.0' })
        .catch((caught: unknown) => caught);
      expect(EvalNotFoundError.isInstance(error) && error.kind).toBe('evalSetResult');
    });

    it('refuses names that could leave the app’s folder', async () => {
      const manager = await makeManager(() => 1);
      for (const evalSetResultId of ['../x', 'a/b', '..', '']) {
        await expect(
          manager.getEvalSetResult({ appName: 'app', evalSetResultId }),
        ).rejects.toSatisfy(InvalidArgumentError.isInstance);
      }
      await expect(manager.listEvalSetResults({ appName: '../app' })).rejects.toSatisfy(
        InvalidAppNameError.isInstance,
      );
    });

    it('hands out copies of stored results', async () => {
      const manager = await makeManager(() => 5.5);
      const caseResult = sampleEvalCaseResult('one');
      const saved = await manager.saveEvalSetResult({
        appName: 'app',
        evalSetId: 's',
        evalCaseResults: [caseResult],
      });
      caseResult.evalId = 'changed';
      saved.evalCaseResults.splice(0);
      const read = await manager.getEvalSetResult({
        appName: 'app',
        evalSetResultId: saved.evalSetResultId,
      });
      expect(read.evalCaseResults).toEqual([sampleEvalCaseResult('one')]);
    });
  });
}
