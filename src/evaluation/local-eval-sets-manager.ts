import { mkdir, readFile, readdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidAppName } from '../config/app-name.js';
import { AlreadyExistsError } from '../errors/already-exists-error.js';
import { EvalNotFoundError } from '../errors/eval-not-found-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { nowSeconds } from '../utils/clock.js';
import { deepClone } from '../utils/deep-clone.js';
import { SerialQueue } from '../utils/serial-queue.js';
import { systemErrorCode } from '../utils/system-error-code.js';
import type { EvalCase } from './eval-case.js';
import { evalSetFromJson, evalSetToPythonJsonText, type EvalSet } from './eval-set.js';
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
import {
  convertLegacyEvalSet,
  convertLegacyTestFile,
  type LegacyInitialSession,
} from './legacy-eval-set.js';

/** The suffix of an eval set file. */
export const EVAL_SET_FILE_EXTENSION = '.evalset.json';

/**
 * The eval set in a file's text (Python `load_eval_set_from_file`): an
 * `EvalSet`, or else eval data in the older format, converted under
 * `evalSetId`. Throws `InvalidArgumentError` when it is neither.
 */
export function evalSetFromFileText(text: string, evalSetId: string): EvalSet {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InvalidArgumentError({
      argument: 'evalSet',
      message: `Eval set ${evalSetId} is not JSON: ${(error as Error).message}`,
      cause: error,
    });
  }
  if (!Array.isArray(json)) return evalSetFromJson(json);
  return convertLegacyEvalSet(evalSetId, json);
}

/**
 * Reads the eval set file at `filePath` (either format; see
 * `evalSetFromFileText`), named after its file when `evalSetId` is not
 * given. File errors (ENOENT, …) propagate.
 */
export async function loadEvalSetFromFile(filePath: string, evalSetId?: string): Promise<EvalSet> {
  const id =
    evalSetId ?? path.basename(filePath).replace(/\.evalset\.json$|\.test\.json$|\.json$/, '');
  return evalSetFromFileText(await readFile(filePath, 'utf8'), id);
}

/**
 * The eval set of a test file (Python `AgentEvaluator`): an `EvalSet`, or a
 * `*.test.json` list of turns in the older format, converted into one case
 * named after the file path (starting from `initialSession`, which only the
 * older format may be given). Throws `InvalidArgumentError` when it is
 * neither, or when an `EvalSet` file is given an initial session.
 */
export async function loadEvalSetFromTestFile(
  filePath: string,
  initialSession: LegacyInitialSession = {},
): Promise<EvalSet> {
  const text = await readFile(filePath, 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InvalidArgumentError({
      argument: 'evalSet',
      message: `Test file ${filePath} is not JSON: ${(error as Error).message}`,
      cause: error,
    });
  }
  if (Array.isArray(json)) return convertLegacyTestFile(filePath, json, initialSession);
  if (Object.keys(initialSession).length > 0) {
    throw new InvalidArgumentError({
      argument: 'initialSession',
      message:
        'Initial session should be specified as a part of EvalSet file. Explicit initial ' +
        'session is only needed, when specifying data in the older schema.',
    });
  }
  return evalSetFromJson(json);
}

/**
 * Eval sets as files (Python `LocalEvalSetsManager`):
 * `<agentsDir>/<app>/<evalSetId>.evalset.json`, written as Python writes
 * them. A file in the older format is read (and converted); it is rewritten
 * in the current format when a case is changed. Changes made through one
 * manager are applied one at a time.
 */
export class LocalEvalSetsManager implements EvalSetsManager {
  private readonly queue = new SerialQueue();

  constructor(private readonly agentsDir: string) {}

  async getEvalSet({ appName, evalSetId }: EvalSetRequest): Promise<EvalSet | undefined> {
    assertEvalSetIds(appName, evalSetId);
    try {
      return await loadEvalSetFromFile(this.filePath(appName, evalSetId), evalSetId);
    } catch (error) {
      if (systemErrorCode(error) === 'ENOENT') return undefined;
      throw error;
    }
  }

  async createEvalSet({ appName, evalSetId }: EvalSetRequest): Promise<EvalSet> {
    assertEvalSetIds(appName, evalSetId);
    return this.queue.run(async () => {
      const evalSet: EvalSet = {
        evalSetId,
        name: evalSetId,
        evalCases: [],
        creationTimestamp: nowSeconds(),
      };
      await mkdir(path.join(this.agentsDir, appName), { recursive: true });
      try {
        await writeFile(this.filePath(appName, evalSetId), evalSetToPythonJsonText(evalSet), {
          encoding: 'utf8',
          flag: 'wx',
        });
      } catch (error) {
        if (systemErrorCode(error) !== 'EEXIST') throw error;
        throw new AlreadyExistsError({
          message: `EvalSet ${evalSetId} already exists for app ${appName}.`,
        });
      }
      return deepClone(evalSet);
    });
  }

  async listEvalSets({ appName }: { appName: string }): Promise<string[]> {
    assertValidAppName(appName);
    let files: string[];
    try {
      files = await readdir(path.join(this.agentsDir, appName));
    } catch (error) {
      if (systemErrorCode(error) !== 'ENOENT' && systemErrorCode(error) !== 'ENOTDIR') throw error;
      throw new EvalNotFoundError({
        kind: 'app',
        id: appName,
        message: `Eval directory for app \`${appName}\` not found.`,
      });
    }
    return files
      .filter((file) => file.endsWith(EVAL_SET_FILE_EXTENSION))
      .map((file) => file.slice(0, -EVAL_SET_FILE_EXTENSION.length))
      .sort();
  }

  async getEvalCase({
    appName,
    evalSetId,
    evalCaseId,
  }: EvalCaseRequest): Promise<EvalCase | undefined> {
    const evalSet = await this.getEvalSet({ appName, evalSetId });
    return evalSet ? findEvalCase(evalSet, evalCaseId) : undefined;
  }

  async addEvalCase({ appName, evalSetId, evalCase }: EvalCaseWriteRequest): Promise<void> {
    return this.change({ appName, evalSetId }, (evalSet) =>
      addEvalCaseToEvalSet(evalSet, deepClone(evalCase)),
    );
  }

  async updateEvalCase({ appName, evalSetId, evalCase }: EvalCaseWriteRequest): Promise<void> {
    return this.change({ appName, evalSetId }, (evalSet) =>
      updateEvalCaseInEvalSet(evalSet, deepClone(evalCase), { inPlace: false }),
    );
  }

  async deleteEvalCase({ appName, evalSetId, evalCaseId }: EvalCaseRequest): Promise<void> {
    return this.change({ appName, evalSetId }, (evalSet) =>
      deleteEvalCaseFromEvalSet(evalSet, evalCaseId),
    );
  }

  deleteEvalSet({ appName, evalSetId }: EvalSetRequest): Promise<void> {
    assertEvalSetIds(appName, evalSetId);
    return this.queue.run(async () => {
      try {
        await unlink(this.filePath(appName, evalSetId));
      } catch (error) {
        if (systemErrorCode(error) !== 'ENOENT') throw error;
        requireEvalSet(undefined, evalSetId);
      }
    });
  }

  private async change(request: EvalSetRequest, edit: (evalSet: EvalSet) => void): Promise<void> {
    assertEvalSetIds(request.appName, request.evalSetId);
    return this.queue.run(async () => {
      const evalSet = requireEvalSet(await this.getEvalSet(request), request.evalSetId);
      edit(evalSet);
      await writeFile(
        this.filePath(request.appName, request.evalSetId),
        evalSetToPythonJsonText(evalSet),
        'utf8',
      );
    });
  }

  private filePath(appName: string, evalSetId: string): string {
    return path.join(this.agentsDir, appName, evalSetId + EVAL_SET_FILE_EXTENSION);
  }
}
