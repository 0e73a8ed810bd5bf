import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { Event } from './event.js';
import { CONTENT_CASING_RULE } from './genai-casing.js';
import {
  VERBATIM,
  convertCasing,
  dictRule,
  keepKey,
  modelRule,
  toSnakeCase,
  wireIssuePath,
  writeCamelCase,
  type CasingRule,
  type Rename,
} from './json-casing.js';
import { originalDataKey, protoKeyStandIn, restoreProtoKeys } from './proto-key-stand-in.js';

const model = (fields: Record<string, CasingRule> = {}) => modelRule(fields);
const dict = dictRule;

// The casing table of an event: every place where the user's own keys live.
const CONTENT = CONTENT_CASING_RULE;
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
/** The casing table of an `Event` (where its user data lives), for objects that embed events. */
export const EVENT_CASING_RULE = model({
  content: CONTENT,
  cacheMetadata: modelRule({}, { snakeCaseOnly: true }),
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
  return convertCasing(event, EVENT_CASING_RULE, {
    rename: toSnakeCase,
    argument: 'event',
  }) as Record<string, unknown>;
}

/**
 * The in-memory event as the camelCase JSON of Python's HTTP API
 * (`model_dump(exclude_none=True, by_alias=True)`): the same rules as
 * `eventToSnakeCaseJson`, with camelCase keys. The result shares no objects
 * or arrays with `event`.
 */
export function eventToCamelCaseJson(event: Event): Record<string, unknown> {
  return convertCasing(event, EVENT_CASING_RULE, {
    rename: writeCamelCase,
    argument: 'event',
  }) as Record<string, unknown>;
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
  const result = Event.safeParse(
    convertCasing(json, EVENT_CASING_RULE, {
      rename: keepKey,
      dataKey: standIn.dataKey,
      argument: 'event',
    }),
  );
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

/** An issue path spelled as the caller wrote it: model fields in the wire casing, user keys as they are. */
function wirePath(path: readonly PropertyKey[], wireKey: Rename): string {
  return wireIssuePath(path, EVENT_CASING_RULE, wireKey, originalDataKey) || '(event)';
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'a non-plain object' : `a ${typeof value}`;
}
