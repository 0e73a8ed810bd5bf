import { z } from 'zod';
import { assignOwn } from '../utils/assign-own.js';
import { newEventId } from '../utils/ids.js';
import { nowSeconds } from '../utils/clock.js';
import { EventActions, createEventActions } from './event-actions.js';
import { LlmResponseFields } from './llm-response.js';

/** Where a workflow-graph event came from and whose output it is (ADK 2.x `node_info`). */
export const NodeInfo = z.object({
  path: z.string().default(''),
  outputFor: z.array(z.string()).optional(),
  messageAsOutput: z.boolean().optional(),
});
/** Where a workflow-graph event came from and whose output it is. */
export type NodeInfo = z.infer<typeof NodeInfo>;

/**
 * An event: the unit of an ADK session's history. Every field of Python's
 * `Event` (2.x), camelCased. `timestamp` is float seconds since the epoch,
 * `id` a uuid4, `invocationId` `e-<uuid4>`.
 */
export const Event = z.object({
  ...LlmResponseFields,
  invocationId: z.string().default(''),
  author: z.string(),
  actions: EventActions.default(() => createEventActions()),
  output: z.unknown().optional(),
  nodeInfo: NodeInfo.optional(),
  longRunningToolIds: z.array(z.string()).optional(),
  branch: z.string().optional(),
  isolationScope: z.string().optional(),
  // Python gives an event without an id a fresh uuid4.
  id: z
    .string()
    .default('')
    .transform((id) => id || newEventId()),
  timestamp: z.number(),
});
/** An event: the unit of an ADK session's history. */
export type Event = z.infer<typeof Event>;

/** Fields accepted by `createEvent`: `author` is required, everything else optional. */
export type EventInit = Partial<Omit<Event, 'actions'>> & {
  author: string;
  actions?: Partial<EventActions>;
};

/**
 * A new event with Python's defaults filled in: a fresh uuid4 `id`, the
 * current time, empty `invocationId` and empty action dicts.
 */
export function createEvent(init: EventInit): Event {
  const event = assignOwn({} as Event, init);
  event.invocationId = init.invocationId ?? '';
  event.actions = createEventActions(init.actions);
  event.id = init.id || newEventId();
  event.timestamp = init.timestamp ?? nowSeconds();
  return event;
}
