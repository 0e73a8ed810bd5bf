import type { EvalCase } from './eval-case.js';
import type { EvalSet } from './eval-set.js';

/** Names an app's eval set. */
export interface EvalSetRequest {
  appName: string;
  evalSetId: string;
}

/** Names a case of an app's eval set. */
export interface EvalCaseRequest extends EvalSetRequest {
  evalCaseId: string;
}

/** An eval case to store in an app's eval set. */
export interface EvalCaseWriteRequest extends EvalSetRequest {
  evalCase: EvalCase;
}

/**
 * Stores eval sets (Python `EvalSetsManager`). Every method validates its
 * ids: an app name or eval set id that is not letters, digits and
 * underscores is an `InvalidArgumentError` (`InvalidAppNameError` for the
 * app). Returned sets and cases are the caller's own copies.
 */
export interface EvalSetsManager {
  /** The eval set, or `undefined` when the app has none of that id. */
  getEvalSet(request: EvalSetRequest): Promise<EvalSet | undefined>;

  /**
   * Creates an empty eval set and returns it. Throws `AlreadyExistsError`
   * when the app already has one of that id.
   */
  createEvalSet(request: EvalSetRequest): Promise<EvalSet>;

  /**
   * The ids of the app's eval sets, sorted. Throws `EvalNotFoundError`
   * (kind `app`) when a store keyed by folders has no folder for the app.
   */
  listEvalSets(request: { appName: string }): Promise<string[]>;

  /** The case, or `undefined` when the set or the case does not exist. */
  getEvalCase(request: EvalCaseRequest): Promise<EvalCase | undefined>;

  /**
   * Adds a case to an existing set. Throws `EvalNotFoundError` (kind
   * `evalSet`) for a missing set, `AlreadyExistsError` when the set has a
   * case of that `evalId`.
   */
  addEvalCase(request: EvalCaseWriteRequest): Promise<void>;

  /**
   * Replaces the set's case of the same `evalId`. Throws `EvalNotFoundError`
   * when the set (kind `evalSet`) or the case (kind `evalCase`) is missing.
   */
  updateEvalCase(request: EvalCaseWriteRequest): Promise<void>;

  /**
   * Deletes a case. Throws `EvalNotFoundError` when the set (kind `evalSet`)
   * or the case (kind `evalCase`) is missing.
   */
  deleteEvalCase(request: EvalCaseRequest): Promise<void>;

  /**
   * Deletes a whole eval set. Throws `EvalNotFoundError` (kind `evalSet`)
   * when it is missing. Python's managers have no such method; adk-web's
   * Eval tab deletes sets through the dev server.
   */
  deleteEvalSet(request: EvalSetRequest): Promise<void>;
}
