import { assertValidAppName } from '../config/app-name.js';
import type { RunConfig } from '../context/run-config.js';
import {
  RequestValidationError,
  type RequestValidationIssue,
} from '../errors/request-validation-error.js';
import { pathIdProblem } from '../utils/stored-id.js';
import { parseBooleanWord } from './read-request.js';

/** The response modalities `/run_live` accepts, as Python's `Literal["TEXT", "AUDIO"]`. */
const MODALITIES = new Set(['TEXT', 'AUDIO']);

/** What the query string of a `/run_live` upgrade asks for. */
export interface RunLiveQuery {
  readonly appName: string;
  readonly userId: string;
  readonly sessionId: string;
  /** The live fields of the run's RunConfig the query sets. */
  readonly runConfig: Partial<RunConfig>;
}

/**
 * Reads the query of a `/run_live` upgrade as adk-python's
 * `run_agent_live` declares it:
 * - `app_name` (else `defaultAppName`), `user_id`, `session_id`: required;
 *   the ids checked as the HTTP API checks them;
 * - `modalities`, repeated (`modalities=TEXT&modalities=AUDIO`), each
 *   `TEXT` or `AUDIO`; default `["AUDIO"]` → `responseModalities`;
 * - `proactive_audio` → `proactivity: {proactiveAudio}`,
 *   `enable_affective_dialog` → `enableAffectiveDialog`,
 *   `enable_session_resumption` → `sessionResumption: {transparent}`;
 *   booleans as pydantic reads them, each left unset when absent.
 * Other parameters are ignored, as FastAPI ignores them. Throws
 * `RequestValidationError` with every problem, located under `query`, or
 * `InvalidAppNameError` for an app name that is not an identifier.
 */
export function readRunLiveQuery(
  params: URLSearchParams,
  defaultAppName: string | undefined,
): RunLiveQuery {
  const issues: RequestValidationIssue[] = [];
  const appName = params.get('app_name') || defaultAppName;
  if (!appName) {
    issues.push({
      type: 'missing',
      loc: ['query', 'app_name'],
      msg: 'app_name query parameter is required when no default app is configured',
    });
  }
  const userId = readId(params, 'user_id', issues);
  const sessionId = readId(params, 'session_id', issues);
  const modalities = params.getAll('modalities');
  modalities.forEach((modality, index) => {
    if (!MODALITIES.has(modality)) {
      issues.push({
        type: 'literal_error',
        loc: ['query', 'modalities', index],
        msg: "Input should be 'TEXT' or 'AUDIO'",
      });
    }
  });
  const proactiveAudio = readBoolean(params, 'proactive_audio', issues);
  const affectiveDialog = readBoolean(params, 'enable_affective_dialog', issues);
  const resumption = readBoolean(params, 'enable_session_resumption', issues);
  if (issues.length > 0) throw new RequestValidationError({ issues });
  assertValidAppName(appName!);
  const runConfig: Partial<RunConfig> = {
    responseModalities: modalities.length > 0 ? modalities : ['AUDIO'],
    ...(proactiveAudio === undefined ? {} : { proactivity: { proactiveAudio } }),
    ...(affectiveDialog === undefined ? {} : { enableAffectiveDialog: affectiveDialog }),
    ...(resumption === undefined ? {} : { sessionResumption: { transparent: resumption } }),
  };
  return { appName: appName!, userId, sessionId, runConfig };
}

function readId(params: URLSearchParams, name: string, issues: RequestValidationIssue[]): string {
  const id = params.get(name);
  if (id === null) {
    issues.push({ type: 'missing', loc: ['query', name], msg: 'Field required' });
    return '';
  }
  const problem = pathIdProblem(id);
  if (problem !== undefined) {
    issues.push({ type: 'value_error', loc: ['query', name], msg: `Invalid id: it ${problem}` });
  }
  return id;
}

function readBoolean(
  params: URLSearchParams,
  name: string,
  issues: RequestValidationIssue[],
): boolean | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  const value = parseBooleanWord(raw);
  if (value === undefined) {
    issues.push({
      type: 'bool_parsing',
      loc: ['query', name],
      msg: 'Input should be a valid boolean, unable to interpret input',
    });
  }
  return value;
}
