import { nowSeconds } from '../utils/clock.js';
import { deepClone } from '../utils/deep-clone.js';
import { EvalSetResult } from './eval-result.js';
import { EvalSetResultsStore } from './eval-set-results-store.js';

/** Eval results in memory, keyed by app and result name; for tests and file-less runs. */
export class InMemoryEvalSetResultsManager extends EvalSetResultsStore {
  private readonly results = new Map<string, Map<string, EvalSetResult>>();

  constructor(now: () => number = nowSeconds) {
    super(now);
  }

  protected async put(
    appName: string,
    name: string,
    result: EvalSetResult,
  ): Promise<EvalSetResult> {
    // Parsed as a file store's result is read back, so both return the same shape.
    const stored = EvalSetResult.parse(deepClone(result));
    let results = this.results.get(appName);
    if (!results) {
      results = new Map();
      this.results.set(appName, results);
    }
    results.set(name, stored);
    return deepClone(stored);
  }

  protected async get(
    appName: string,
    evalSetResultId: string,
  ): Promise<EvalSetResult | undefined> {
    const result = this.results.get(appName)?.get(evalSetResultId);
    return result ? deepClone(result) : undefined;
  }

  protected async list(appName: string): Promise<string[]> {
    return [...(this.results.get(appName)?.keys() ?? [])];
  }
}
