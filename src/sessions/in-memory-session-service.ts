import { AlreadyExistsError } from '../errors/already-exists-error.js';
import { SessionNotFoundError } from '../errors/session-not-found-error.js';
import type { Event } from '../events/event.js';
import { createEventActions, isDefaultEventActions } from '../events/event-actions.js';
import { nowSeconds } from '../utils/clock.js';
import { deepClone } from '../utils/deep-clone.js';
import { newUuid } from '../utils/ids.js';
import { deepFreeze, deepFrozenCopy } from '../utils/deep-freeze.js';
import { MAX_STORED_NESTING_DEPTH } from '../utils/nesting-depth.js';
import {
  BaseSessionService,
  type AppendEventRequest,
  type CreateSessionRequest,
  type DeleteSessionRequest,
  type GetSessionConfig,
  type GetSessionRequest,
  type ListSessionsRequest,
  type ListSessionsResponse,
  type StoreReload,
} from './base-session-service.js';
import { refreshSessionInPlace } from './refresh-session.js';
import type { Session } from './session.js';
import { applyStateDelta, extractStateDelta, mergeState } from './state-delta.js';
import { assertSessionKey, assertStorableState } from './storable-values.js';

// The copy refuses (NestingTooDeepError) what no store holds, before anything changes.
const DEFAULT_ACTIONS = deepFreeze(createEventActions());
const STORED_EVENT_LIMIT = { maxDepth: MAX_STORED_NESTING_DEPTH, argument: 'event' };

type StateRecord = Record<string, unknown>;

/**
 * A session store held in process memory (Python `InMemorySessionService`),
 * for tests, development and single-process apps; everything is lost when the
 * process ends.
 *
 * Sessions are kept per app, user and id, which every method checks as
 * every store does (`assertSessionKey`). App state (per app) and user state
 * (per app and user) are kept apart from the sessions without their `app:` /
 * `user:` prefixes, and merged back under those prefixes into every session
 * the service returns. Every value crossing the boundary is deep-copied in
 * both directions, so nothing a caller holds aliases what the store holds.
 */
export class InMemorySessionService extends BaseSessionService {
  // Maps rather than plain objects: app, user and session names are untrusted
  // and must never reach Object.prototype (`__proto__`, `constructor`).
  private readonly sessions = new Map<string, Map<string, Map<string, Session>>>();
  private readonly appStates = new Map<string, StateRecord>();
  private readonly userStates = new Map<string, Map<string, StateRecord>>();

  /**
   * Creates a session. `sessionId` is trimmed; when it is missing or blank a
   * uuid4 is used. Throws `AlreadyExistsError` when the app and user already
   * have a session with that id, `InputValidationError` for an id no store
   * could hold (see `assertSessionKey`), `NestingTooDeepError` for a state
   * nested too deep. The initial state is split by scope: `app:`
   * and `user:` keys update the app and user states, `temp:` keys are
   * dropped, the rest becomes the session's own state.
   */
  override async createSession({
    appName,
    userId,
    state,
    sessionId,
  }: CreateSessionRequest): Promise<Session> {
    const id = sessionId?.trim() || newUuid();
    assertSessionKey({ appName, userId, sessionId: id });
    assertStorableState(state, 'state');
    const appSessions = getOrCreate(
      this.sessions,
      appName,
      () => new Map<string, Map<string, Session>>(),
    );
    const userSessions = getOrCreate(appSessions, userId, () => new Map<string, Session>());
    if (userSessions.has(id)) {
      throw new AlreadyExistsError({ message: `Session with id ${id} already exists.` });
    }
    const scoped = extractStateDelta(deepClone(state));
    applyStateDelta(this.appState(appName), scoped.app);
    applyStateDelta(this.userState(appName, userId), scoped.user);
    let sessionState = NO_STATE;
    if (hasOwnKeys(scoped.session)) {
      sessionState = newRecord();
      applyStateDelta(sessionState, scoped.session);
    }
    const session: Session = {
      id,
      appName,
      userId,
      state: sessionState,
      events: [],
      lastUpdateTime: nowSeconds(),
    };
    userSessions.set(id, session);
    return this.copyOut(session, []);
  }

  /**
   * A copy of the session with merged state, or undefined when it does not
   * exist. `config.numRecentEvents` keeps the last N events (0 or unset: all),
   * then `config.afterTimestamp` keeps the events from that time on.
   */
  override async getSession({
    appName,
    userId,
    sessionId,
    config,
  }: GetSessionRequest): Promise<Session | undefined> {
    assertSessionKey({ appName, userId, sessionId });
    const session = this.findSession(appName, userId, sessionId);
    if (!session) return undefined;
    return this.copyOut(session, selectEvents(session.events, config));
  }

  /**
   * The app's sessions, of one user or (when `userId` is omitted) of every
   * user, each with merged state and no events.
   */
  override async listSessions({
    appName,
    userId,
  }: ListSessionsRequest): Promise<ListSessionsResponse> {
    assertSessionKey({ appName, userId });
    const appSessions = this.sessions.get(appName);
    if (!appSessions) return { sessions: [] };
    const users = userId === undefined ? [...appSessions.values()] : [appSessions.get(userId)];
    const sessions: Session[] = [];
    for (const userSessions of users) {
      for (const session of userSessions?.values() ?? []) sessions.push(this.copyOut(session, []));
    }
    return { sessions };
  }

  /** Deletes the session; does nothing when it does not exist. App and user state are kept. */
  override async deleteSession({
    appName,
    userId,
    sessionId,
  }: DeleteSessionRequest): Promise<void> {
    assertSessionKey({ appName, userId, sessionId });
    this.sessions.get(appName)?.get(userId)?.delete(sessionId);
  }

  /**
   * Stores a copy of the event and applies its scoped delta: `app:` keys to
   * the app state, `user:` keys to the user state, the rest to the stored
   * session's state, a `null` value removing the key. The stored session's
   * `lastUpdateTime` becomes the event's timestamp. Throws
   * `SessionNotFoundError` when the session is not in the store, and
   * `NestingTooDeepError` for an event nested more than
   * `MAX_STORED_NESTING_DEPTH` levels (nothing is stored). Returns the
   * frozen copy, which the caller's session shares. A caller is never
   * refused as stale; with `reload` (from `appendEventWithReload`) its
   * session is first brought up to date with what the store holds.
   */
  protected override appendEventToStore(
    { session, event }: AppendEventRequest,
    reload?: StoreReload,
  ): Event {
    const stored = this.findSession(session.appName, session.userId, session.id);
    if (!stored) throw new SessionNotFoundError({ sessionId: session.id });
    if (reload) {
      refreshSessionInPlace(
        session,
        this.copyOut(stored, selectEvents(stored.events, reload.config)),
      );
    }
    // Stored events are frozen copies: every later read shares them instead of copying the history.
    // An event that asks for nothing (most) shares one frozen set of default actions.
    const copy = deepFrozenCopy(
      isDefaultEventActions(event.actions) ? { ...event, actions: DEFAULT_ACTIONS } : event,
      STORED_EVENT_LIMIT,
    );
    // Most events change no state; splitting an empty delta would change nothing.
    if (hasOwnKeys(copy.actions.stateDelta)) {
      const scoped = extractStateDelta(copy.actions.stateDelta);
      applyStateDelta(this.appState(session.appName), scoped.app);
      applyStateDelta(this.userState(session.appName, session.userId), scoped.user);
      if (hasOwnKeys(scoped.session)) {
        if (stored.state === NO_STATE) stored.state = newRecord();
        applyStateDelta(stored.state, scoped.session);
      }
    }
    stored.events.push(copy);
    stored.lastUpdateTime = copy.timestamp;
    return copy;
  }

  private findSession(appName: string, userId: string, sessionId: string): Session | undefined {
    return this.sessions.get(appName)?.get(userId)?.get(sessionId);
  }

  private appState(appName: string): StateRecord {
    return getOrCreate(this.appStates, appName, newRecord);
  }

  private userState(appName: string, userId: string): StateRecord {
    const appUsers = getOrCreate(this.userStates, appName, () => new Map<string, StateRecord>());
    return getOrCreate(appUsers, userId, newRecord);
  }

  private copyOut(session: Session, events: Event[]): Session {
    const appState = this.appStates.get(session.appName) ?? {};
    const userState = this.userStates.get(session.appName)?.get(session.userId) ?? {};
    // Every other field of a stored session is a string or a number.
    return {
      id: session.id,
      appName: session.appName,
      userId: session.userId,
      state: deepClone(mergeState(appState, userState, session.state)),
      events: events.slice(),
      lastUpdateTime: session.lastUpdateTime,
    };
  }
}

/**
 * The events `getSession` returns, as Python's in-memory service picks them:
 * a truthy `numRecentEvents` keeps the last N, then a truthy `afterTimestamp`
 * drops everything up to the last event older than it.
 */
function selectEvents(events: Event[], config: GetSessionConfig | undefined): Event[] {
  let selected = events;
  if (config?.numRecentEvents) selected = selected.slice(-config.numRecentEvents);
  const after = config?.afterTimestamp;
  if (after) {
    const lastOlder = selected.findLastIndex((event) => event.timestamp < after);
    selected = selected.slice(lastOlder + 1);
  }
  return selected;
}

function getOrCreate<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}

/** Whether the record has an own enumerable key (what `Object.entries` would list). */
function hasOwnKeys(record: Record<string, unknown> | undefined): boolean {
  for (const key in record) if (Object.hasOwn(record, key)) return true;
  return false;
}

// A null prototype makes a state key such as `__proto__` an ordinary own key.
function newRecord(): StateRecord {
  return Object.create(null) as StateRecord;
}

// The state of every stored session that has none of its own yet (most have
// none): one frozen record instead of one each, replaced by the session's own
// at its first delta.
const NO_STATE: StateRecord = Object.freeze(newRecord());
