import { z } from 'zod';
import type { AuthConfigInput } from '../auth/auth-config.js';
import type { Content } from '../types/index.js';
import { assignOwn } from '../utils/assign-own.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { ToolConfirmation } from './tool-confirmation.js';

/** A value a workflow node emits to choose outgoing edges (ADK 2.x routes). */
export const RouteValue = z.union([z.string(), z.number(), z.boolean()]);
/** A value a workflow node emits to choose outgoing edges. */
export type RouteValue = z.infer<typeof RouteValue>;

/** Summary of a range of events that replaces them in the model's context (`actions.compaction`). */
export const EventCompaction = z.object({
  startTimestamp: z.number(),
  endTimestamp: z.number(),
  compactedContent: z.custom<Content>((value) => typeof value === 'object' && value !== null),
});
/** Summary of a range of events that replaces them in the model's context. */
export type EventCompaction = z.infer<typeof EventCompaction>;

/**
 * The auth configs an event carries (`requestedAuthConfigs`), as data: the
 * auth flow validates each one (`parseAuthConfig`) where it uses it, so an
 * event from another writer is stored and read whatever its configs hold.
 */
const RequestedAuthConfig = z.custom<AuthConfigInput>((value) => isPlainObject(value));

/**
 * The side effects an event asks the Runner to commit, every field of Python's
 * `EventActions` (2.x). Dict-valued fields default to `{}`.
 */
export const EventActions = z.object({
  skipSummarization: z.boolean().optional(),
  stateDelta: z.record(z.string(), z.unknown()).default({}),
  artifactDelta: z.record(z.string(), z.number()).default({}),
  transferToAgent: z.string().optional(),
  escalate: z.boolean().optional(),
  requestedAuthConfigs: z.record(z.string(), RequestedAuthConfig).default({}),
  requestedToolConfirmations: z.record(z.string(), ToolConfirmation).default({}),
  compaction: EventCompaction.optional(),
  endOfAgent: z.boolean().optional(),
  agentState: z.record(z.string(), z.unknown()).optional(),
  rewindBeforeInvocationId: z.string().optional(),
  route: z.union([RouteValue, z.array(RouteValue)]).optional(),
  renderUiWidgets: z.array(z.record(z.string(), z.unknown())).optional(),
  setModelResponse: z.unknown().optional(),
});
/** The side effects an event asks the Runner to commit. */
export type EventActions = z.infer<typeof EventActions>;

/** The dict-valued fields of `EventActions`. */
type DictField =
  'stateDelta' | 'artifactDelta' | 'requestedAuthConfigs' | 'requestedToolConfirmations';

/**
 * The dict fields every `EventActions` has, empty by default (Python's
 * `default_factory=dict`): `createEventActions` sets them and
 * `isDefaultEventActions` looks for them, from this one list.
 */
const DICT_FIELDS: readonly DictField[] = [
  'stateDelta',
  'artifactDelta',
  'requestedAuthConfigs',
  'requestedToolConfirmations',
];

/** A new `EventActions` with every dict field empty, plus the given fields. */
export function createEventActions(fields?: Partial<EventActions>): EventActions {
  const actions = assignOwn({} as EventActions, fields);
  const dicts = actions as Record<DictField, Record<string, unknown>>;
  for (const field of DICT_FIELDS) dicts[field] = fields?.[field] ?? {};
  return actions;
}

/**
 * True when `actions` is what `createEventActions()` makes: its dict fields
 * empty and no other field set (an event that asks for nothing).
 */
export function isDefaultEventActions(actions: EventActions): boolean {
  let fields = 0;
  for (const key of Object.keys(actions)) {
    const value = (actions as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (!DICT_FIELDS.includes(key as DictField) || !isEmptyPlainObject(value)) {
      return false;
    }
    fields++;
  }
  return fields === DICT_FIELDS.length;
}

function isEmptyPlainObject(value: unknown): boolean {
  return isPlainObject(value) && Object.keys(value).length === 0;
}
