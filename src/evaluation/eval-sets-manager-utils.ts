import { assertValidAppName } from '../config/app-name.js';
import { AlreadyExistsError } from '../errors/already-exists-error.js';
import { EvalNotFoundError } from '../errors/eval-not-found-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { EvalCase } from './eval-case.js';
import type { EvalSet } from './eval-set.js';

/** What an eval set id (and so its file name) may contain. */
export const EVAL_SET_ID_PATTERN = /^[a-zA-Z0-9_]+$/;

/**
 * Throws `InvalidArgumentError` unless `evalSetId` is letters, digits and
 * underscores, in Python's words; and `InvalidAppNameError` for a bad app
 * name. Both become file names, so they are checked before any file access.
 */
export function assertEvalSetIds(appName: string, evalSetId: string): void {
  assertValidAppName(appName);
  if (typeof evalSetId !== 'string' || !EVAL_SET_ID_PATTERN.test(evalSetId)) {
    throw new InvalidArgumentError({
      argument: 'evalSetId',
      message: `Invalid Eval Set ID. Eval Set ID should have the \`${EVAL_SET_ID_PATTERN.source}\` format`,
    });
  }
}

/** The eval set's case of id `evalCaseId`, if any. */
export function findEvalCase(evalSet: EvalSet, evalCaseId: string): EvalCase | undefined {
  return evalSet.evalCases.find((evalCase) => evalCase.evalId === evalCaseId);
}

/** The set, or `EvalNotFoundError` (kind `evalSet`) when it is missing. */
export function requireEvalSet(evalSet: EvalSet | undefined, evalSetId: string): EvalSet {
  if (evalSet) return evalSet;
  throw new EvalNotFoundError({
    kind: 'evalSet',
    id: evalSetId,
    message: `Eval set \`${evalSetId}\` not found.`,
  });
}

/** Appends `evalCase`; `AlreadyExistsError` when the set has a case of its id. */
export function addEvalCaseToEvalSet(evalSet: EvalSet, evalCase: EvalCase): void {
  if (findEvalCase(evalSet, evalCase.evalId)) {
    throw new AlreadyExistsError({
      message: `Eval id \`${evalCase.evalId}\` already exists in \`${evalSet.evalSetId}\` eval set.`,
    });
  }
  evalSet.evalCases.push(evalCase);
}

/**
 * Replaces the case of `evalCase`'s id. `inPlace` keeps its position (the
 * in-memory store); otherwise it moves to the end, as Python's file store
 * does. `EvalNotFoundError` (kind `evalCase`) when there is none.
 */
export function updateEvalCaseInEvalSet(
  evalSet: EvalSet,
  evalCase: EvalCase,
  { inPlace }: { inPlace: boolean },
): void {
  const index = indexOfCase(evalSet, evalCase.evalId);
  if (inPlace) {
    evalSet.evalCases[index] = evalCase;
    return;
  }
  evalSet.evalCases.splice(index, 1);
  evalSet.evalCases.push(evalCase);
}

/** Removes the case of id `evalCaseId`; `EvalNotFoundError` (kind `evalCase`) when there is none. */
export function deleteEvalCaseFromEvalSet(evalSet: EvalSet, evalCaseId: string): void {
  evalSet.evalCases.splice(indexOfCase(evalSet, evalCaseId), 1);
}

function indexOfCase(evalSet: EvalSet, evalCaseId: string): number {
  const index = evalSet.evalCases.findIndex((evalCase) => evalCase.evalId === evalCaseId);
  if (index >= 0) return index;
  throw new EvalNotFoundError({
    kind: 'evalCase',
    id: evalCaseId,
    message: `Eval case \`${evalCaseId}\` not found in eval set \`${evalSet.evalSetId}\`.`,
  });
}
