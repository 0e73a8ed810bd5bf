import { assertValidAppName } from '../config/app-name.js';
import { AlreadyExistsError } from '../errors/already-exists-error.js';
import { nowSeconds } from '../utils/clock.js';
import { deepClone } from '../utils/deep-clone.js';
import type { EvalCase } from './eval-case.js';
import type { EvalSet } from './eval-set.js';
import type {
  EvalCaseRequest,
  EvalCaseWriteRequest,
  EvalSetRequest,
  EvalSetsManager,
} from './eval-sets-manager.js';
import {
  addEvalCaseToEvalSet,
  assertEvalSetIds,
  deleteEvalCaseFromEvalSet,
  findEvalCase,
  requireEvalSet,
  updateEvalCaseInEvalSet,
} from './eval-sets-manager-utils.js';

/**
 * Eval sets in memory (Python `InMemoryEvalSetsManager`), for tests and for
 * runs where files are not wanted. An app without eval sets lists none.
 * An updated case keeps its position.
 */
export class InMemoryEvalSetsManager implements EvalSetsManager {
  private readonly evalSets = new Map<string, Map<string, EvalSet>>();

  async getEvalSet({ appName, evalSetId }: EvalSetRequest): Promise<EvalSet | undefined> {
    assertEvalSetIds(appName, evalSetId);
    const evalSet = this.evalSets.get(appName)?.get(evalSetId);
    return evalSet ? deepClone(evalSet) : undefined;
  }

  async createEvalSet({ appName, evalSetId }: EvalSetRequest): Promise<EvalSet> {
    assertEvalSetIds(appName, evalSetId);
    let sets = this.evalSets.get(appName);
    if (!sets) {
      sets = new Map();
      this.evalSets.set(appName, sets);
    }
    if (sets.has(evalSetId)) {
      throw new AlreadyExistsError({
        message: `EvalSet ${evalSetId} already exists for app ${appName}.`,
      });
    }
    const evalSet: EvalSet = { evalSetId, evalCases: [], creationTimestamp: nowSeconds() };
    sets.set(evalSetId, evalSet);
    return deepClone(evalSet);
  }

  async listEvalSets({ appName }: { appName: string }): Promise<string[]> {
    assertValidAppName(appName);
    return [...(this.evalSets.get(appName)?.keys() ?? [])].sort();
  }

  async getEvalCase({
    appName,
    evalSetId,
    evalCaseId,
  }: EvalCaseRequest): Promise<EvalCase | undefined> {
    assertEvalSetIds(appName, evalSetId);
    const evalSet = this.evalSets.get(appName)?.get(evalSetId);
    const evalCase = evalSet ? findEvalCase(evalSet, evalCaseId) : undefined;
    return evalCase ? deepClone(evalCase) : undefined;
  }

  async addEvalCase({ appName, evalSetId, evalCase }: EvalCaseWriteRequest): Promise<void> {
    addEvalCaseToEvalSet(this.stored(appName, evalSetId), deepClone(evalCase));
    return;
  }

  async updateEvalCase({ appName, evalSetId, evalCase }: EvalCaseWriteRequest): Promise<void> {
    updateEvalCaseInEvalSet(this.stored(appName, evalSetId), deepClone(evalCase), {
      inPlace: true,
    });
    return;
  }

  async deleteEvalCase({ appName, evalSetId, evalCaseId }: EvalCaseRequest): Promise<void> {
    deleteEvalCaseFromEvalSet(this.stored(appName, evalSetId), evalCaseId);
    return;
  }

  async deleteEvalSet({ appName, evalSetId }: EvalSetRequest): Promise<void> {
    this.stored(appName, evalSetId);
    this.evalSets.get(appName)?.delete(evalSetId);
  }

  private stored(appName: string, evalSetId: string): EvalSet {
    assertEvalSetIds(appName, evalSetId);
    return requireEvalSet(this.evalSets.get(appName)?.get(evalSetId), evalSetId);
  }
}
