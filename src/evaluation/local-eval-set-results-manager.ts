import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidAppName } from '../config/app-name.js';
import { EvalNotFoundError } from '../errors/eval-not-found-error.js';
import { nowSeconds } from '../utils/clock.js';
import { systemErrorCode } from '../utils/system-error-code.js';
import type { EvalSetResult } from './eval-result.js';
import { evalSetResultFromFileText, evalSetResultToPythonJsonText } from './eval-result-json.js';
import {
  assertEvalSetResultIds,
  createEvalSetResult,
  type EvalSetResultRequest,
  type EvalSetResultsManager,
  type SaveEvalSetResultRequest,
} from './eval-set-results-manager.js';

/** Where an app's results are kept, under its folder. */
export const ADK_EVAL_HISTORY_DIR = path.join('.adk', 'eval_history');

/** The suffix of an eval set result file. */
export const EVAL_SET_RESULT_FILE_EXTENSION = '.evalset_result.json';

/**
 * Eval results as files (Python `LocalEvalSetResultsManager`):
 * `<agentsDir>/<app>/.adk/eval_history/<evalSetResultName>.evalset_result.json`,
 * written as current Python writes them (plain JSON, two-space indent).
 * Files Python wrote double-encoded (a JSON string holding the JSON) are
 * read too.
 */
export class LocalEvalSetResultsManager implements EvalSetResultsManager {
  constructor(
    private readonly agentsDir: string,
    private readonly now: () => number = nowSeconds,
  ) {}

  async saveEvalSetResult(request: SaveEvalSetResultRequest): Promise<EvalSetResult> {
    assertValidAppName(request.appName);
    const result = createEvalSetResult(request, this.now());
    const name = result.evalSetResultName ?? result.evalSetResultId;
    assertEvalSetResultIds(request.appName, name);
    const dir = this.historyDir(request.appName);
    await mkdir(dir, { recursive: true });
    const text = evalSetResultToPythonJsonText(result);
    await writeFile(path.join(dir, name + EVAL_SET_RESULT_FILE_EXTENSION), text, 'utf8');
    return evalSetResultFromFileText(text);
  }

  async getEvalSetResult({
    appName,
    evalSetResultId,
  }: EvalSetResultRequest): Promise<EvalSetResult> {
    assertEvalSetResultIds(appName, evalSetResultId);
    const file = path.join(
      this.historyDir(appName),
      evalSetResultId + EVAL_SET_RESULT_FILE_EXTENSION,
    );
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if (systemErrorCode(error) !== 'ENOENT') throw error;
      throw new EvalNotFoundError({
        kind: 'evalSetResult',
        id: evalSetResultId,
        message: `Eval set result \`${evalSetResultId}\` not found.`,
      });
    }
    return evalSetResultFromFileText(text);
  }

  async listEvalSetResults({ appName }: { appName: string }): Promise<string[]> {
    assertValidAppName(appName);
    let files: string[];
    try {
      files = await readdir(this.historyDir(appName));
    } catch (error) {
      if (systemErrorCode(error) === 'ENOENT') return [];
      throw error;
    }
    return files
      .filter((file) => file.endsWith(EVAL_SET_RESULT_FILE_EXTENSION))
      .map((file) => file.slice(0, -EVAL_SET_RESULT_FILE_EXTENSION.length))
      .sort();
  }

  private historyDir(appName: string): string {
    return path.join(this.agentsDir, appName, ADK_EVAL_HISTORY_DIR);
  }
}
