import { SessionNotFoundError } from '../errors/session-not-found-error.js';
import { StaleSessionError } from '../errors/stale-session-error.js';
import type { Event } from '../events/event.js';
import { setOwn } from '../utils/get-own.js';
import { refreshSessionInPlace } from './refresh-session.js';
import { State } from './state.js';
import { applyStateDelta } from './state-delta.js';
import type { Session } from './session.js';
import { assertStorableEventFields } from './storable-values.js';

/** Limits on the events `getSession` returns. */
export interface GetSessionConfig {
  /** Keep only the last N events (0 or unset: all). */
  numRecentEvents?: number;
  /** Keep only events at or after this time (float seconds). */
  afterTimestamp?: number;
}

/** Arguments of `createSession`. */
export interface CreateSessionRequest {
  appName: string;
  userId: string;
  /** Initial state; `app:` and `user:` keys go to the app and user scopes, `temp:` keys are dropped. */
  state?: Record<string, unknown>;
  /** The id to use; a uuid4 when omitted. An id already in use raises `AlreadyExistsError`. */
  sessionId?: string;
}

/** Arguments of `getSession`. */
export interface GetSessionRequest {
  appName: string;
  userId: string;
  sessionId: string;
  config?: GetSessionConfig;
}

/** Arguments of `listSessions`. */
export interface ListSessionsRequest {
  appName: string;
  /** When omitted, sessions of every user of the app. */
  userId?: string;
}

/** Result of `listSessions`: sessions without their events. */
export interface ListSessionsResponse {
  sessions: Session[];
}

/** Arguments of `deleteSession`. */
export interface DeleteSessionRequest {
  appName: string;
  userId: string;
  sessionId: string;
}

/** Arguments of `appendEvent`. */
export interface AppendEventRequest {
  /** The caller's session object; it is updated in place (state and events). */
  session: Session;
  event: Event;
}

/** Arguments of `appendEventWithReload`. */
export interface AppendEventWithReloadRequest extends AppendEventRequest {
  /** The limits the caller's session was loaded with; a reload applies them again. */
  config?: GetSessionConfig;
}

/**
 * What `appendEventWithReload` asks of `appendEventToStore`: when the caller's
 * session is stale, bring it up to date (in place, with `refreshSessionInPlace`,
 * reading with `config`) and store the event after what others stored,
 * rather than throwing `StaleSessionError`.
 */
export interface StoreReload {
  config: GetSessionConfig | undefined;
}

/**
 * How many times the default `appendEventWithReload` reloads a session its
 * store keeps finding stale before it gives up with `StaleSessionError`.
 */
export const MAX_STALE_RELOADS = 8;

/**
 * The contract every session store meets (Python `BaseSessionService`).
 *
 * `appendEvent` has a shared part here: partial events are returned untouched
 * and never stored; `temp:` keys are applied to the caller's session and then
 * removed from the event's delta so they are never persisted; the remaining
 * delta is applied to the caller's session, and the event is added to it.
 * Implementations persist the event (and the scoped state) in
 * `appendEventToStore`, which runs before the caller's session is updated.
 */
export abstract class BaseSessionService {
  /** Creates a session; throws `AlreadyExistsError` when `sessionId` is taken. */
  abstract createSession(request: CreateSessionRequest): Promise<Session>;

  /** A copy of the session with merged app/user state, or undefined when it does not exist. */
  abstract getSession(request: GetSessionRequest): Promise<Session | undefined>;

  /** The app's sessions (of one user, or of all), with merged state and no events. */
  abstract listSessions(request: ListSessionsRequest): Promise<ListSessionsResponse>;

  /** Deletes a session; deleting one that does not exist does nothing. */
  abstract deleteSession(request: DeleteSessionRequest): Promise<void>;

  /**
   * Records an event in the session. Returns the event as stored (its
   * `temp:` keys removed). Throws `SessionNotFoundError` when the session is
   * not in the store, and, before anything is stored, `InputValidationError`
   * for an event whose ids or time no store could hold
   * (`assertStorableEventFields`; the built-in stores also refuse nesting
   * past `MAX_STORED_NESTING_DEPTH` with `NestingTooDeepError`).
   */
  async appendEvent(request: AppendEventRequest): Promise<Event> {
    return this.appendThroughStore(request, undefined);
  }

  /**
   * Appends the event even when other writers appended to the session since
   * the caller loaded it: the caller's session object is then first brought
   * up to date in place (events, state and revision, read with `config`; its
   * `temp:` keys kept), and the event is stored after theirs (a store that
   * orders events by time may move `event.timestamp` past theirs). Use it for an
   * event that does not depend on what the caller read, such as a state
   * delta to merge or the next event of a running invocation; a caller whose
   * event was computed from the state it read should use `appendEvent`,
   * which refuses a stale caller, and decide itself.
   *
   * The store does the reload and the append in one step when it can
   * (`appendEventToStore` is given `reload`): `DatabaseSessionService` does
   * both in one transaction under the session row's lock, so this never
   * fails as stale there; `InMemorySessionService`, which never refuses a
   * stale caller, appends and brings the caller up to date. A store that
   * ignores `reload` and throws `StaleSessionError` is reloaded with
   * `getSession` and tried again, up to `MAX_STALE_RELOADS` times; then the
   * error is rethrown, nothing of this event stored. The event goes to the
   * store directly, not through an overridden `appendEvent`. Throws what
   * `appendEvent` throws otherwise.
   */
  async appendEventWithReload({
    session,
    event,
    config,
  }: AppendEventWithReloadRequest): Promise<Event> {
    const reload: StoreReload = { config };
    for (let reloads = 0; ; reloads++) {
      try {
        return await this.appendThroughStore({ session, event }, reload);
      } catch (error) {
        if (!StaleSessionError.isInstance(error) || reloads >= MAX_STALE_RELOADS) throw error;
      }
      const stored = await this.getSession({
        appName: session.appName,
        userId: session.userId,
        sessionId: session.id,
        ...(config ? { config } : {}),
      });
      if (!stored) throw new SessionNotFoundError({ sessionId: session.id });
      refreshSessionInPlace(session, stored);
    }
  }

  /**
   * The body of `appendEvent`; `reload` (from `appendEventWithReload`)
   * is handed to `appendEventToStore`.
   */
  protected async appendThroughStore(
    { session, event }: AppendEventRequest,
    reload: StoreReload | undefined,
  ): Promise<Event> {
    if (event.partial) return event;
    assertStorableEventFields(event);
    const { temp, kept } = splitTempDelta(event.actions.stateDelta);
    const stored: Event = temp
      ? { ...event, actions: { ...event.actions, stateDelta: kept } }
      : event;
    const shared = await this.appendEventToStore({ session, event: stored }, reload);
    if (temp) {
      // Python trims the event itself, so the yielded event carries no temp keys either.
      event.actions.stateDelta = kept;
      // The store may have stamped its copy with the time it stored it at.
      event.timestamp = stored.timestamp;
    }
    if (temp) applyStateDelta(session.state, temp);
    applyStateDelta(session.state, stored.actions.stateDelta);
    return addToSession(session, event, shared);
  }

  /**
   * Persists a non-partial event whose delta no longer holds `temp:` keys,
   * applying its scoped state delta in the store. May return the store's own
   * immutable copy of the event (equal to it), which then goes into the
   * caller's session in place of the event; otherwise the event itself does.
   * A store that works synchronously may return without a promise.
   *
   * `reload` is set by `appendEventWithReload`: a store that can, brings a
   * stale caller's session up to date (`refreshSessionInPlace`) and stores
   * the event instead of throwing `StaleSessionError`; a store that ignores
   * it is reloaded and retried from outside.
   */
  protected abstract appendEventToStore(
    request: AppendEventRequest,
    reload?: StoreReload,
  ): Promise<Event | void> | Event | void;
}

/**
 * Adds the event to the caller's session. A store that shares immutable
 * copies with its readers hands its copy (`shared`) to the caller's session
 * too, so this invocation and later reads see the same event objects (and
 * share what is cached per event, such as the model-ready contents).
 */
function addToSession(session: Session, event: Event, shared: Event | void): Event {
  session.events.push(shared ?? event);
  session.lastUpdateTime = event.timestamp;
  return event;
}

/** A delta split by `splitTempDelta`; `kept` is the delta itself when `temp` is undefined. */
type SplitDelta =
  | { temp: undefined; kept: Record<string, unknown> }
  | { temp: Record<string, unknown>; kept: Record<string, unknown> };

/**
 * Splits a delta into its `temp:` keys (undefined when there are none) and
 * the rest. Temp keys live only in the in-memory session of the invocation.
 * A delta without temp keys (almost every one) is not copied: `kept` is
 * `delta`, which the caller then uses only to read.
 */
function splitTempDelta(delta: Record<string, unknown>): SplitDelta {
  // A missing delta is refused as Object.entries refuses it, before anything is stored.
  if ((delta as unknown) === undefined || (delta as unknown) === null) Object.entries(delta);
  if (!hasTempKey(delta)) return { temp: undefined, kept: delta };
  const temp: Record<string, unknown> = {};
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(delta)) {
    if (key.startsWith(State.TEMP_PREFIX)) setOwn(temp, key, value);
    else setOwn(kept, key, value);
  }
  return { temp, kept };
}

/** Whether one of the delta's own enumerable keys (as `Object.entries` lists them) is a `temp:` key. */
function hasTempKey(delta: Record<string, unknown>): boolean {
  for (const key in delta) {
    if (Object.hasOwn(delta, key) && key.startsWith(State.TEMP_PREFIX)) return true;
  }
  return false;
}
