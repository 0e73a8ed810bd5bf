import { nowSeconds } from '../utils/clock.js';
import { deepClone } from '../utils/deep-clone.js';
import type { EvalSet } from './eval-set.js';
import type { EvalSetRequest } from './eval-sets-manager.js';
import { EvalSetsStore } from './eval-sets-store.js';

/**
 * Eval sets in memory (Python `InMemoryEvalSetsManager`), for tests and for
 * runs where files are not wanted. An app without eval sets lists none.
 * An updated case keeps its position.
 */
export class InMemoryEvalSetsManager extends EvalSetsStore {
  private readonly evalSets = new Map<string, Map<string, EvalSet>>();

  constructor() {
    super(true);
  }

  protected async read({ appName, evalSetId }: EvalSetRequest): Promise<EvalSet | undefined> {
    const evalSet = this.evalSets.get(appName)?.get(evalSetId);
    return evalSet ? deepClone(evalSet) : undefined;
  }

  protected async insert(
    { appName, evalSetId }: EvalSetRequest,
    evalSet: EvalSet,
  ): Promise<boolean> {
    if (this.evalSets.get(appName)?.has(evalSetId)) return false;
    await this.write({ appName, evalSetId }, evalSet);
    return true;
  }

  protected async write({ appName, evalSetId }: EvalSetRequest, evalSet: EvalSet): Promise<void> {
    let sets = this.evalSets.get(appName);
    if (!sets) {
      sets = new Map();
      this.evalSets.set(appName, sets);
    }
    sets.set(evalSetId, evalSet);
  }

  protected async remove({ appName, evalSetId }: EvalSetRequest): Promise<boolean> {
    return this.evalSets.get(appName)?.delete(evalSetId) ?? false;
  }

  protected async list(appName: string): Promise<string[]> {
    return [...(this.evalSets.get(appName)?.keys() ?? [])];
  }

  protected newEvalSet(evalSetId: string): EvalSet {
    return { evalSetId, evalCases: [], creationTimestamp: nowSeconds() };
  }
}
