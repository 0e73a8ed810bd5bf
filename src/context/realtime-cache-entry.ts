import type { Event } from '../events/event.js';
import type { Blob } from '../types/index.js';

/**
 * One realtime chunk held in a live run's cache until it is flushed to the
 * artifact service (Python `RealtimeCacheEntry`): `user` for input audio,
 * `model` for output audio; `timestamp` in float seconds, when it was cached.
 */
export interface RealtimeCacheEntry {
  role: 'user' | 'model';
  data: Blob;
  timestamp: number;
}

/**
 * Stores one event of a live invocation in the session, in order with the
 * Runner's own commits (the Runner's commit queue), without yielding it.
 * Resolves once it is stored.
 */
export type LiveEventWriter = (event: Event) => Promise<void>;
