import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { nowSeconds } from '../utils/clock.js';
import { systemErrorCode } from '../utils/system-error-code.js';
import { fileNamesWithSuffix } from './eval-file-names.js';
import type { EvalSetResult } from './eval-result.js';
import { evalSetResultFromFileText, evalSetResultToPythonJsonText } from './eval-result-json.js';
import { EvalSetResultsStore } from './eval-set-results-store.js';

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
export class LocalEvalSetResultsManager extends EvalSetResultsStore {
  constructor(
    private readonly agentsDir: string,
    now: () => number = nowSeconds,
  ) {
    super(now);
  }

  protected async put(
    appName: string,
    name: string,
    result: EvalSetResult,
  ): Promise<EvalSetResult> {
    await mkdir(this.historyDir(appName), { recursive: true });
    const text = evalSetResultToPythonJsonText(result);
    await writeFile(this.filePath(appName, name), text, 'utf8');
    return evalSetResultFromFileText(text);
  }

  protected async get(
    appName: string,
    evalSetResultId: string,
  ): Promise<EvalSetResult | undefined> {
    let text: string;
    try {
      text = await readFile(this.filePath(appName, evalSetResultId), 'utf8');
    } catch (error) {
      if (systemErrorCode(error) === 'ENOENT') return undefined;
      throw error;
    }
    return evalSetResultFromFileText(text);
  }

  protected async list(appName: string): Promise<string[]> {
    return (
      (await fileNamesWithSuffix(this.historyDir(appName), EVAL_SET_RESULT_FILE_EXTENSION)) ?? []
    );
  }

  private historyDir(appName: string): string {
    return path.join(this.agentsDir, appName, ADK_EVAL_HISTORY_DIR);
  }

  private filePath(appName: string, name: string): string {
    return path.join(this.historyDir(appName), name + EVAL_SET_RESULT_FILE_EXTENSION);
  }
}
