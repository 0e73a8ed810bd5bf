import { assertValidAppName } from '../config/app-name.js';
import { EvalNotFoundError } from '../errors/eval-not-found-error.js';
import { nowSeconds } from '../utils/clock.js';
import { deepClone } from '../utils/deep-clone.js';
import { EvalSetResult } from './eval-result.js';
import {
  assertEvalSetResultIds,
  createEvalSetResult,
  type EvalSetResultRequest,
  type EvalSetResultsManager,
  type SaveEvalSetResultRequest,
} from './eval-set-results-manager.js';

/** Eval results in memory, keyed by app and result name; for tests and file-less runs. */
export class InMemoryEvalSetResultsManager implements EvalSetResultsManager {
  private readonly results = new Map<string, Map<string, EvalSetResult>>();

  constructor(private readonly now: () => number = nowSeconds) {}

  async saveEvalSetResult(request: SaveEvalSetResultRequest): Promise<EvalSetResult> {
    assertValidAppName(request.appName);
    const result = EvalSetResult.parse(deepClone(createEvalSetResult(request, this.now())));
    let results = this.results.get(request.appName);
    if (!results) {
      results = new Map();
      this.results.set(request.appName, results);
    }
    results.set(result.evalSetResultName ?? result.evalSetResultId, result);
    return deepClone(result);
  }

  async getEvalSetResult({
    appName,
    evalSetResultId,
  }: EvalSetResultRequest): Promise<EvalSetResult> {
    assertEvalSetResultIds(appName, evalSetResultId);
    const result = this.results.get(appName)?.get(evalSetResultId);
    if (!result) {
      throw new EvalNotFoundError({
        kind: 'evalSetResult',
        id: evalSetResultId,
        message: `Eval set result \`${evalSetResultId}\` not found.`,
      });
    }
    return deepClone(result);
  }

  async listEvalSetResults({ appName }: { appName: string }): Promise<string[]> {
    assertValidAppName(appName);
    return [...(this.results.get(appName)?.keys() ?? [])].sort();
  }
}
