import { assertValidAppName } from '../config/app-name.js';
import { AlreadyExistsError } from '../errors/already-exists-error.js';
import { deepClone } from '../utils/deep-clone.js';
import { SerialQueue } from '../utils/serial-queue.js';
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
 * An `EvalSetsManager` over a store of whole eval sets: the id checks, the
 * case operations (read the set, change it, write it back) and the errors
 * are here, once; a subclass says only how a set is read, inserted, written,
 * removed and listed. Changes made through one manager are applied one at a
 * time.
 */
export abstract class EvalSetsStore implements EvalSetsManager {
  private readonly queue = new SerialQueue();

  /**
   * @param updateInPlace whether an updated case keeps its position (the
   *   in-memory store) or moves to the end (Python's file store).
   */
  protected constructor(private readonly updateInPlace: boolean) {}

  /** The stored set as the caller's own copy, or `undefined`. Ids are already checked. */
  protected abstract read(request: EvalSetRequest): Promise<EvalSet | undefined>;

  /** Stores a new set; `false` (storing nothing) when the app already has one of its id. */
  protected abstract insert(request: EvalSetRequest, evalSet: EvalSet): Promise<boolean>;

  /** Replaces a stored set with `evalSet`, which is the store's from now on. */
  protected abstract write(request: EvalSetRequest, evalSet: EvalSet): Promise<void>;

  /** Removes a stored set; `false` when there was none. */
  protected abstract remove(request: EvalSetRequest): Promise<boolean>;

  /** The ids of the app's sets, in any order. The app name is already checked. */
  protected abstract list(appName: string): Promise<string[]>;

  /** The empty set `createEvalSet` stores. */
  protected abstract newEvalSet(evalSetId: string): EvalSet;

  async getEvalSet(request: EvalSetRequest): Promise<EvalSet | undefined> {
    assertEvalSetIds(request.appName, request.evalSetId);
    return this.read(request);
  }

  async createEvalSet(request: EvalSetRequest): Promise<EvalSet> {
    assertEvalSetIds(request.appName, request.evalSetId);
    return this.queue.run(async () => {
      const evalSet = this.newEvalSet(request.evalSetId);
      if (!(await this.insert(request, deepClone(evalSet)))) {
        throw new AlreadyExistsError({
          message: `EvalSet ${request.evalSetId} already exists for app ${request.appName}.`,
        });
      }
      return evalSet;
    });
  }

  async listEvalSets({ appName }: { appName: string }): Promise<string[]> {
    assertValidAppName(appName);
    return (await this.list(appName)).sort();
  }

  async getEvalCase({ evalCaseId, ...request }: EvalCaseRequest): Promise<EvalCase | undefined> {
    const evalSet = await this.getEvalSet(request);
    return evalSet ? findEvalCase(evalSet, evalCaseId) : undefined;
  }

  async addEvalCase({ evalCase, ...request }: EvalCaseWriteRequest): Promise<void> {
    return this.change(request, (evalSet) => addEvalCaseToEvalSet(evalSet, deepClone(evalCase)));
  }

  async updateEvalCase({ evalCase, ...request }: EvalCaseWriteRequest): Promise<void> {
    return this.change(request, (evalSet) =>
      updateEvalCaseInEvalSet(evalSet, deepClone(evalCase), { inPlace: this.updateInPlace }),
    );
  }

  async deleteEvalCase({ evalCaseId, ...request }: EvalCaseRequest): Promise<void> {
    return this.change(request, (evalSet) => deleteEvalCaseFromEvalSet(evalSet, evalCaseId));
  }

  async deleteEvalSet(request: EvalSetRequest): Promise<void> {
    assertEvalSetIds(request.appName, request.evalSetId);
    return this.queue.run(async () => {
      if (!(await this.remove(request))) requireEvalSet(undefined, request.evalSetId);
    });
  }

  private async change(request: EvalSetRequest, edit: (evalSet: EvalSet) => void): Promise<void> {
    assertEvalSetIds(request.appName, request.evalSetId);
    return this.queue.run(async () => {
      const evalSet = requireEvalSet(await this.read(request), request.evalSetId);
      edit(evalSet);
      await this.write(request, evalSet);
    });
  }
}
