import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { NestingTooDeepError } from '../errors/nesting-too-deep-error.js';
import { getOwn, hasOwn, setOwn } from '../utils/get-own.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { MAX_STORED_NESTING_DEPTH } from '../utils/nesting-depth.js';
import { Event } from './event.js';
import { originalDataKey, protoKeyStandIn, restoreProtoKeys } from './proto-key-stand-in.js';

/**
 * How a value found under one key is converted:
 * - `verbatim`: the user's own data; copied deeply with its keys and `null`s as written.
 * - `dict`: an object whose keys are ids or filenames (kept as written) and
 *   whose values are converted by `values`.
 * - `model`: an ADK or genai object; its keys are re-cased, `null` fields are
 *   dropped (Python's `exclude_none`), and each field is converted by its
 *   entry in `fields` (named in camelCase), or as a nested model when unlisted.
 *   A model with `snakeCaseOnly` has no camelCase aliases in Python (e.g.
 *   `CacheMetadata`): its keys are written snake_case in both forms.
 * An array is converted element by element with the rule of the key holding it.
 */
type Rule =
  { readonly kind: 'verbatim' } | { readonly kind: 'dict'; readonly values: Rule } | ModelRule;
interface ModelRule {
  readonly kind: 'model';
  readonly fields: Readonly<Record<string, Rule>>;
  readonly snakeCaseOnly?: boolean;
}

const VERBATIM: Rule = { kind: 'verbatim' };
const model = (fields: Record<string, Rule> = {}): ModelRule => ({ kind: 'model', fields });
const dict = (values: Rule): Rule => ({ kind: 'dict', values });

// The casing table of an event: every place where the user's own keys live.
const NESTED_MODEL = model();
const CONTENT = model({
  parts: model({
    functionCall: model({ args: VERBATIM }),
    functionResponse: model({ response: VERBATIM }),
    partMetadata: VERBATIM,
  }),
});
const AUTH_CREDENTIAL = model({
  oauth2: model({ token: VERBATIM }),
  http: model({ additionalHeaders: VERBATIM }),
});
const AUTH_CONFIG = model({
  // OpenAPI security schemes keep their own spelling (`authorizationUrl`, `openIdConnectUrl`) in both forms.
  authScheme: VERBATIM,
  rawAuthCredential: AUTH_CREDENTIAL,
  exchangedAuthCredential: AUTH_CREDENTIAL,
});
const EVENT = model({
  content: CONTENT,
  cacheMetadata: { kind: 'model', fields: {}, snakeCaseOnly: true },
  output: VERBATIM,
  customMetadata: VERBATIM,
  actions: model({
    stateDelta: VERBATIM,
    artifactDelta: VERBATIM,
    agentState: VERBATIM,
    route: VERBATIM,
    setModelResponse: VERBATIM,
    requestedAuthConfigs: dict(AUTH_CONFIG),
    requestedToolConfirmations: dict(model({ payload: VERBATIM })),
    renderUiWidgets: model({ payload: VERBATIM }),
    compaction: model({ compactedContent: CONTENT }),
  }),
});

type Rename = (camelCaseKey: string) => string;

const keepKey: Rename = (key) => key;
// The same renaming as `keepKey`, told apart from it: it writes camelCase JSON, where
// `snakeCaseOnly` models still use snake_case.
const writeCamelCase: Rename = (key) => key;

/** `functionCall` → `function_call`: the inverse of pydantic's `to_camel` on field names. */
const toSnakeCase: Rename = (key) =>
  /[A-Z]/.test(key) ? key.replace(/(?<=[a-z0-9])[A-Z]/g, (c) => `_${c.toLowerCase()}`) : key;

/** `function_call` → `functionCall`; camelCase keys and leading underscores are left alone. */
function toCamelCase(key: string): string {
  return key.includes('_')
    ? key.replace(/(?<=[A-Za-z0-9])_([a-z0-9])/g, (_match, c: string) => c.toUpperCase())
    : key;
}

/**
 * The in-memory event as the snake_case JSON Python writes with
 * `model_dump(exclude_none=True, mode='json')` (DatabaseSessionService
 * `event_data`). Keys of ADK and genai objects are snake_cased at every depth;
 * keys inside user data (`stateDelta`, `artifactDelta`, `agentState`,
 * `customMetadata`, `output`, function-call `args`, function `response`,
 * `partMetadata`, tool-confirmation `payload`, `route`, `setModelResponse`)
 * and the ids keying `requestedAuthConfigs`/`requestedToolConfirmations` are
 * kept as written. `null`/`undefined` fields are dropped, empty dicts kept.
 * The result shares no objects or arrays with `event`. Every conversion of
 * this module throws `NestingTooDeepError` for an event nesting objects and
 * arrays more than `MAX_STORED_NESTING_DEPTH` levels (the event is level 1)
 * rather than overflow the stack.
 */
export function eventToSnakeCaseJson(event: Event): Record<string, unknown> {
  return convertModel(event, EVENT, toSnakeCase, keepKey, 1);
}

/**
 * The in-memory event as the camelCase JSON of Python's HTTP API
 * (`model_dump(exclude_none=True, by_alias=True)`): the same rules as
 * `eventToSnakeCaseJson`, with camelCase keys. The result shares no objects
 * or arrays with `event`.
 */
export function eventToCamelCaseJson(event: Event): Record<string, unknown> {
  return convertModel(event, EVENT, writeCamelCase, keepKey, 1);
}

/**
 * The event stored as snake_case JSON (`event_data`), validated. Like Python's
 * `Event.model_validate`, it accepts snake_case and camelCase keys alike (the
 * camelCase spelling wins when both are given), drops `null` fields, keeps user
 * data as written and fills defaults (empty action dicts, `invocationId: ''`).
 * Throws `InvalidArgumentError` when `json` is not an object or not a valid event.
 */
export function eventFromSnakeCaseJson(json: unknown): Event {
  return parseEvent(json, toSnakeCase);
}

/**
 * The event sent as camelCase JSON (HTTP API), validated. Accepts snake_case
 * keys too, as pydantic's `populate_by_name` does; otherwise the same contract
 * as `eventFromSnakeCaseJson`. Throws `InvalidArgumentError` on bad input.
 */
export function eventFromCamelCaseJson(json: unknown): Event {
  return parseEvent(json, keepKey);
}

function parseEvent(json: unknown, wireKey: Rename): Event {
  if (!isPlainObject(json)) {
    throw new InvalidArgumentError({
      argument: 'event',
      message: `Event JSON must be an object, got ${describe(json)}.`,
    });
  }
  const standIn = protoKeyStandIn();
  const result = Event.safeParse(convertModel(json, EVENT, keepKey, standIn.dataKey, 1));
  if (result.success) return standIn.used() ? restoreProtoKeys(result.data) : result.data;
  const problems = result.error.issues
    .slice(0, 5)
    .map((issue) => `${wirePath(issue.path, wireKey)}: ${issue.message}`);
  throw new InvalidArgumentError({
    argument: 'event',
    message: `Invalid event JSON: ${problems.join('; ')}.`,
    cause: result.error,
  });
}

// `depth` is the level `value` is at (the event is level 1); an object or
// array past the limit throws before its members are visited.
// `rename` re-cases model keys; `dataKey` renames the user's keys (see `protoKeyStandIn`).
function convert(
  value: unknown,
  rule: Rule,
  rename: Rename,
  dataKey: Rename,
  depth: number,
): unknown {
  if (rule.kind === 'verbatim') return copyVerbatim(value, dataKey, depth);
  if (Array.isArray(value)) {
    checkDepth(depth);
    return value.map((item: unknown) => convert(item, rule, rename, dataKey, depth + 1));
  }
  if (!isPlainObject(value)) return value;
  if (rule.kind === 'model') return convertModel(value, rule, rename, dataKey, depth);
  checkDepth(depth);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    setOwn(out, dataKey(key), convert(item, rule.values, rename, dataKey, depth + 1));
  }
  return out;
}

function convertModel(
  value: Readonly<Record<string, unknown>>,
  rule: ModelRule,
  rename: Rename,
  dataKey: Rename,
  depth: number,
): Record<string, unknown> {
  checkDepth(depth);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null || item === undefined) continue;
    const name = toCamelCase(key);
    // pydantic gives the alias (camelCase) precedence over the field name.
    if (name !== key && hasOwn(value, name)) continue;
    const fieldRule = getOwn(rule.fields, name) ?? NESTED_MODEL;
    // Parsing (`keepKey`) still reads both spellings into camelCase.
    const outKey = rule.snakeCaseOnly && rename !== keepKey ? toSnakeCase(name) : rename(name);
    setOwn(out, outKey, convert(item, fieldRule, rename, dataKey, depth + 1));
  }
  return out;
}

function copyVerbatim(value: unknown, dataKey: Rename, depth: number): unknown {
  if (Array.isArray(value)) {
    checkDepth(depth);
    return value.map((item: unknown) => copyVerbatim(item, dataKey, depth + 1));
  }
  if (!isPlainObject(value)) return value;
  checkDepth(depth);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    setOwn(out, dataKey(key), copyVerbatim(item, dataKey, depth + 1));
  return out;
}

function checkDepth(depth: number): void {
  if (depth > MAX_STORED_NESTING_DEPTH) {
    throw new NestingTooDeepError({ argument: 'event', limit: MAX_STORED_NESTING_DEPTH });
  }
}

/** An issue path spelled as the caller wrote it: model fields in the wire casing, user keys as they are. */
function wirePath(path: readonly PropertyKey[], wireKey: Rename): string {
  let rule: Rule = EVENT;
  const segments: string[] = [];
  for (const segment of path) {
    if (typeof segment !== 'string') {
      segments.push(`[${String(segment)}]`);
      continue;
    }
    const key = rule.kind === 'model' ? wireKey(segment) : originalDataKey(segment);
    segments.push(/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);
    if (rule.kind === 'model') rule = getOwn(rule.fields, segment) ?? NESTED_MODEL;
    else if (rule.kind === 'dict') rule = rule.values;
  }
  return segments.length > 0 ? segments.join('').replace(/^\./, '') : '(event)';
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'a non-plain object' : `a ${typeof value}`;
}
