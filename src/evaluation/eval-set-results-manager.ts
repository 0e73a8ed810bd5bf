import { assertValidAppName } from '../config/app-name.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { pythonFloat } from './eval-json.js';
import type { EvalCaseResult, EvalSetResult } from './eval-result.js';

/** The case results of one run of an app's eval set, to be stored. */
export interface SaveEvalSetResultRequest {
  appName: string;
  evalSetId: string;
  evalCaseResults: EvalCaseResult[];
}

/** Names a stored eval set result. */
export interface EvalSetResultRequest {
  appName: string;
  evalSetResultId: string;
}

/**
 * Stores the results of eval runs (Python `EvalSetResultsManager`).
 * Returned results are the caller's own copies.
 */
export interface EvalSetResultsManager {
  /**
   * Makes an `EvalSetResult` of the case results (id
   * `<app>_<evalSetId>_<timestamp>`, see `createEvalSetResult`), stores it
   * and returns it.
   */
  saveEvalSetResult(request: SaveEvalSetResultRequest): Promise<EvalSetResult>;

  /** The stored result; `EvalNotFoundError` (kind `evalSetResult`) when there is none. */
  getEvalSetResult(request: EvalSetResultRequest): Promise<EvalSetResult>;

  /** The ids of the app's stored results, sorted; none for an app without results. */
  listEvalSetResults(request: { appName: string }): Promise<string[]>;
}

/**
 * The result of one run, as Python's `create_eval_set_result` makes it: id
 * `<appName>_<evalSetId>_<timestamp>` with the timestamp spelled as Python
 * prints a float (`1750000000.5`, `1750000000.0`), name the id with `/`
 * replaced by `_`.
 */
export function createEvalSetResult(
  { appName, evalSetId, evalCaseResults }: SaveEvalSetResultRequest,
  timestamp: number,
): EvalSetResult {
  const evalSetResultId = `${appName}_${evalSetId}_${pythonFloat(timestamp)}`;
  return {
    evalSetResultId,
    evalSetResultName: evalSetResultId.replaceAll('/', '_'),
    evalSetId,
    evalCaseResults,
    creationTimestamp: timestamp,
  };
}

/**
 * Throws `InvalidAppNameError` for a bad app name and
 * `InvalidArgumentError` for a result id that could leave its folder
 * (empty, `.`/`..`, or holding a path separator or NUL).
 */
export function assertEvalSetResultIds(appName: string, evalSetResultId: string): void {
  assertValidAppName(appName);
  if (
    typeof evalSetResultId !== 'string' ||
    evalSetResultId === '' ||
    evalSetResultId === '.' ||
    evalSetResultId === '..' ||
    /[/\\\0]/.test(evalSetResultId)
  ) {
    throw new InvalidArgumentError({
      argument: 'evalSetResultId',
      message: `Invalid eval set result id ${JSON.stringify(evalSetResultId)}.`,
    });
  }
}
