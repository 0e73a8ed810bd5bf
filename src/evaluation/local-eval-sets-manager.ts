import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EvalNotFoundError } from '../errors/eval-not-found-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { nowSeconds } from '../utils/clock.js';
import { systemErrorCode } from '../utils/system-error-code.js';
import { fileNamesWithSuffix } from './eval-file-names.js';
import { evalSetFromJson, evalSetToPythonJsonText, type EvalSet } from './eval-set.js';
import type { EvalSetRequest } from './eval-sets-manager.js';
import { EvalSetsStore } from './eval-sets-store.js';
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
  const json = parseEvalJson(text, `Eval set ${evalSetId}`);
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
  const json = parseEvalJson(await readFile(filePath, 'utf8'), `Test file ${filePath}`);
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
 * in the current format when a case is changed (the case updated moves to
 * the end, as in Python). Changes made through one manager are applied one
 * at a time.
 */
export class LocalEvalSetsManager extends EvalSetsStore {
  constructor(private readonly agentsDir: string) {
    super(false);
  }

  protected async read({ appName, evalSetId }: EvalSetRequest): Promise<EvalSet | undefined> {
    try {
      return await loadEvalSetFromFile(this.filePath(appName, evalSetId), evalSetId);
    } catch (error) {
      if (systemErrorCode(error) === 'ENOENT') return undefined;
      throw error;
    }
  }

  protected async insert(request: EvalSetRequest, evalSet: EvalSet): Promise<boolean> {
    await mkdir(path.join(this.agentsDir, request.appName), { recursive: true });
    try {
      await writeFile(
        this.filePath(request.appName, request.evalSetId),
        evalSetToPythonJsonText(evalSet),
        {
          encoding: 'utf8',
          flag: 'wx',
        },
      );
      return true;
    } catch (error) {
      if (systemErrorCode(error) === 'EEXIST') return false;
      throw error;
    }
  }

  protected async write({ appName, evalSetId }: EvalSetRequest, evalSet: EvalSet): Promise<void> {
    await writeFile(this.filePath(appName, evalSetId), evalSetToPythonJsonText(evalSet), 'utf8');
  }

  protected async remove({ appName, evalSetId }: EvalSetRequest): Promise<boolean> {
    try {
      await unlink(this.filePath(appName, evalSetId));
      return true;
    } catch (error) {
      if (systemErrorCode(error) === 'ENOENT') return false;
      throw error;
    }
  }

  protected async list(appName: string): Promise<string[]> {
    const ids = await fileNamesWithSuffix(
      path.join(this.agentsDir, appName),
      EVAL_SET_FILE_EXTENSION,
    );
    if (ids) return ids;
    throw new EvalNotFoundError({
      kind: 'app',
      id: appName,
      message: `Eval directory for app \`${appName}\` not found.`,
    });
  }

  protected newEvalSet(evalSetId: string): EvalSet {
    return { evalSetId, name: evalSetId, evalCases: [], creationTimestamp: nowSeconds() };
  }

  private filePath(appName: string, evalSetId: string): string {
    return path.join(this.agentsDir, appName, evalSetId + EVAL_SET_FILE_EXTENSION);
  }
}

/** `text` parsed; `InvalidArgumentError` (argument `evalSet`) naming `subject` when it is not JSON. */
function parseEvalJson(text: string, subject: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InvalidArgumentError({
      argument: 'evalSet',
      message: `${subject} is not JSON: ${(error as Error).message}`,
      cause: error,
    });
  }
}
