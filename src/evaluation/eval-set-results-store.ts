import { assertValidAppName } from '../config/app-name.js';
import { EvalNotFoundError } from '../errors/eval-not-found-error.js';
import type { EvalSetResult } from './eval-result.js';
import {
  assertEvalSetResultIds,
  createEvalSetResult,
  type EvalSetResultRequest,
  type EvalSetResultsManager,
  type SaveEvalSetResultRequest,
} from './eval-set-results-manager.js';

/**
 * An `EvalSetResultsManager` over a store of results keyed by app and
 * result name: making the result, the id checks and the errors are here,
 * once; a subclass says only how a result is put, read and listed.
 */
export abstract class EvalSetResultsStore implements EvalSetResultsManager {
  /** @param now the clock a result's id and creation time come from (seconds). */
  protected constructor(private readonly now: () => number) {}

  /** Stores `result` under `name` and returns it as the caller's own copy, as read back. */
  protected abstract put(
    appName: string,
    name: string,
    result: EvalSetResult,
  ): Promise<EvalSetResult>;

  /** The stored result as the caller's own copy, or `undefined`. Ids are already checked. */
  protected abstract get(
    appName: string,
    evalSetResultId: string,
  ): Promise<EvalSetResult | undefined>;

  /** The ids of the app's results, in any order. The app name is already checked. */
  protected abstract list(appName: string): Promise<string[]>;

  async saveEvalSetResult(request: SaveEvalSetResultRequest): Promise<EvalSetResult> {
    assertValidAppName(request.appName);
    const result = createEvalSetResult(request, this.now());
    const name = result.evalSetResultName ?? result.evalSetResultId;
    assertEvalSetResultIds(request.appName, name);
    return this.put(request.appName, name, result);
  }

  async getEvalSetResult({
    appName,
    evalSetResultId,
  }: EvalSetResultRequest): Promise<EvalSetResult> {
    assertEvalSetResultIds(appName, evalSetResultId);
    const result = await this.get(appName, evalSetResultId);
    if (result) return result;
    throw new EvalNotFoundError({
      kind: 'evalSetResult',
      id: evalSetResultId,
      message: `Eval set result \`${evalSetResultId}\` not found.`,
    });
  }

  async listEvalSetResults({ appName }: { appName: string }): Promise<string[]> {
    assertValidAppName(appName);
    return (await this.list(appName)).sort();
  }
}
