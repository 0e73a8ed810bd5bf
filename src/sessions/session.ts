import { z } from 'zod';
import { Event } from '../events/event.js';

/**
 * One conversation between a user and an app: its state and its event
 * history. `lastUpdateTime` is float seconds since the epoch.
 */
export const Session = z.object({
  id: z.string(),
  appName: z.string(),
  userId: z.string(),
  state: z.record(z.string(), z.unknown()).default({}),
  events: z.array(Event).default([]),
  lastUpdateTime: z.number().default(0),
});
/** One conversation between a user and an app: its state and its event history. */
export type Session = z.infer<typeof Session>;
