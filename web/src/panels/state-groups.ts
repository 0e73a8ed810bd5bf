import type { WireEvent } from '../api/types';

/** The scopes of session state, by key prefix. */
export type StateScope = 'session' | 'app' | 'user' | 'temp';

/** One scope's entries, keys as stored (with their prefix). */
export interface StateGroup {
  scope: StateScope;
  title: string;
  entries: Record<string, unknown>;
}

const SCOPES: readonly { scope: StateScope; prefix: string; title: string }[] = [
  { scope: 'app', prefix: 'app:', title: 'App state (app:)' },
  { scope: 'user', prefix: 'user:', title: 'User state (user:)' },
  { scope: 'temp', prefix: 'temp:', title: 'Temporary state (temp:)' },
];

/**
 * Splits a state into its scopes: session keys first, then `app:`,
 * `user:` and `temp:` keys; groups without keys are left out. Entries keep
 * their order within a group and are own properties only.
 */
export function groupState(state: Record<string, unknown>): StateGroup[] {
  const session: Record<string, unknown> = {};
  const scoped = new Map<StateScope, Record<string, unknown>>();
  for (const [key, value] of Object.entries(state)) {
    const match = SCOPES.find(({ prefix }) => key.startsWith(prefix));
    const target = match ? (scoped.get(match.scope) ?? {}) : session;
    if (match) scoped.set(match.scope, target);
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const groups: StateGroup[] = [];
  if (Object.keys(session).length > 0)
    groups.push({ scope: 'session', title: 'Session state', entries: session });
  for (const { scope, title } of SCOPES) {
    const entries = scoped.get(scope);
    if (entries) groups.push({ scope, title, entries });
  }
  return groups;
}

/** The latest event that changed state and the keys it changed. */
export interface StateChange {
  eventId: string;
  author: string;
  keys: Set<string>;
}

/** The last non-partial event with a non-empty `actions.stateDelta`, or null. */
export function latestStateChange(events: readonly WireEvent[]): StateChange | null {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index];
    if (!event || event.partial) continue;
    const delta = event.actions?.stateDelta;
    if (delta && Object.keys(delta).length > 0) {
      return { eventId: event.id, author: event.author, keys: new Set(Object.keys(delta)) };
    }
  }
  return null;
}
