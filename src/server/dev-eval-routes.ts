import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Hono } from 'hono';
import { AppNotFoundError } from '../errors/app-not-found-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { sessionPath, type RouteContext } from './route-context.js';

const EVAL_SET_SUFFIX = '.evalset.json';
const EVAL_RESULT_SUFFIX = '.evalset_result.json';
// Eval set and result ids become file names: letters, digits, `_`, `-` and `.` only, no `..`.
const ID_PATTERN = /^(?!.*\.\.)[A-Za-z0-9_.-]{1,255}$/;

/** The ids of the files with `suffix` in `directory`, sorted; none when it does not exist. */
async function listIds(directory: string, suffix: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith(suffix) && name.length > suffix.length)
    .map((name) => name.slice(0, -suffix.length))
    .sort();
}

/**
 * The eval listing routes the official adk-web calls when it opens an app
 * (adk-python's dev server, local eval-set manager layout): eval sets are
 * `<agents_dir>/<app>/<id>.evalset.json`, results
 * `<agents_dir>/<app>/.adk/eval_history/<id>.evalset_result.json`.
 * - `GET /dev/apps/{app}/eval-sets` → `{evalSetIds}`; legacy `…/eval_sets` → `string[]`;
 * - `GET /dev/apps/{app}/eval-results` → `{evalResultIds}`; legacy `…/eval_results` → `string[]`;
 * - `GET /dev/apps/{app}/eval_sets/{id}/evals` → the set's eval ids, sorted
 *   (404 for a missing set, 400 for an unreadable one);
 * - `GET /dev/apps/{app}/metrics-info` → `{metricsInfo: []}` (no evaluator
 *   metrics are offered by this server).
 * Lists are empty when the server has no agents directory. An unknown app is
 * 404, an invalid app name or id 400.
 */
export function registerDevEvalRoutes(
  api: Hono,
  { options }: RouteContext,
  agentsDirectory: string | undefined,
): void {
  const appDirectory = async (appName: string): Promise<string | undefined> => {
    const apps = await options.agentLoader.listApps();
    if (!apps.includes(appName)) {
      throw new AppNotFoundError({ appName, agentsDir: agentsDirectory ?? '(none)' });
    }
    return agentsDirectory === undefined ? undefined : path.join(agentsDirectory, appName);
  };
  const evalSetIds = async (appName: string): Promise<string[]> => {
    const directory = await appDirectory(appName);
    return directory === undefined ? [] : listIds(directory, EVAL_SET_SUFFIX);
  };
  const evalResultIds = async (appName: string): Promise<string[]> => {
    const directory = await appDirectory(appName);
    return directory === undefined
      ? []
      : listIds(path.join(directory, '.adk', 'eval_history'), EVAL_RESULT_SUFFIX);
  };

  api.get('/dev/apps/:app_name/eval-sets', async (context) =>
    context.json({ evalSetIds: await evalSetIds(sessionPath(context).appName) }),
  );
  api.get('/dev/apps/:app_name/eval_sets', async (context) =>
    context.json(await evalSetIds(sessionPath(context).appName)),
  );
  api.get('/dev/apps/:app_name/eval-results', async (context) =>
    context.json({ evalResultIds: await evalResultIds(sessionPath(context).appName) }),
  );
  api.get('/dev/apps/:app_name/eval_results', async (context) =>
    context.json(await evalResultIds(sessionPath(context).appName)),
  );
  api.get('/dev/apps/:app_name/metrics-info', async (context) => {
    await appDirectory(sessionPath(context).appName);
    return context.json({ metricsInfo: [] });
  });
  api.get('/dev/apps/:app_name/eval_sets/:eval_set_id/evals', async (context) => {
    const { appName } = sessionPath(context);
    const evalSetId = context.req.param('eval_set_id');
    if (!ID_PATTERN.test(evalSetId)) {
      throw new InvalidArgumentError({
        message: `Invalid eval set id: ${JSON.stringify(evalSetId)}.`,
        argument: 'eval_set_id',
      });
    }
    const directory = await appDirectory(appName);
    let text: string | undefined;
    try {
      if (directory !== undefined) {
        text = await readFile(path.join(directory, `${evalSetId}${EVAL_SET_SUFFIX}`), 'utf8');
      }
    } catch {
      text = undefined;
    }
    if (text === undefined) {
      return context.json({ detail: `Eval set \`${evalSetId}\` not found.` }, 404);
    }
    let cases: unknown;
    try {
      cases = (JSON.parse(text) as { eval_cases?: unknown }).eval_cases;
    } catch {
      cases = undefined;
    }
    if (!Array.isArray(cases)) {
      return context.json(
        { detail: `Eval set \`${evalSetId}\` is not a valid eval set file.` },
        400,
      );
    }
    const ids = cases
      .map((evalCase) => (evalCase as { eval_id?: unknown } | null)?.eval_id)
      .filter((id): id is string => typeof id === 'string')
      .sort();
    return context.json(ids);
  });
}
