import { expect } from 'vitest';
import { createEvent, type Event, type EventInit } from '../events/event.js';
import type { BaseSessionService, GetSessionConfig } from '../sessions/base-session-service.js';
import type { Session } from '../sessions/session.js';

/** What each part of the session suite needs from the running test: its service and app name. */
export interface SessionSuiteContext {
  readonly service: BaseSessionService;
  readonly app: string;
}

/** A uuid4 as the stores generate them for sessions created without an id. */
export const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Event timestamps used by the tests: whole seconds, exact in every backend's
 * time column, and later than any session's creation (2096), because a SQL
 * store's revision never moves back: an event older than the session's last
 * update sets the update time one microsecond past it instead (decision 0015).
 */
export const T0 = 4_000_000_000;

/** The calls the suite's tests make, each on the running test's service and app. */
export interface SessionSuiteHelpers {
  /** Creates a session of the test's app. */
  create(userId?: string, sessionId?: string, state?: Record<string, unknown>): Promise<Session>;
  /** Reads a session of the test's app (undefined when missing). */
  get(
    session: Pick<Session, 'userId' | 'id'>,
    config?: GetSessionConfig,
  ): Promise<Session | undefined>;
  /** Reads a session that must exist (the test fails otherwise). */
  mustGet(session: Pick<Session, 'userId' | 'id'>): Promise<Session>;
  /** Appends a user event with the given fields. */
  append(session: Session, init?: Partial<EventInit>): Promise<Event>;
  /** Appends a user event carrying `stateDelta`. */
  appendState(
    session: Session,
    stateDelta: Record<string, unknown>,
    timestamp?: number,
  ): Promise<Event>;
}

/** The suite's calls bound to `context`, which is read when each call runs. */
export function sessionSuiteHelpers(context: () => SessionSuiteContext): SessionSuiteHelpers {
  const get = (session: Pick<Session, 'userId' | 'id'>, config?: GetSessionConfig) => {
    const { service, app } = context();
    return service.getSession({
      appName: app,
      userId: session.userId,
      sessionId: session.id,
      config,
    });
  };
  const append = (session: Session, init: Partial<EventInit> = {}) =>
    context().service.appendEvent({ session, event: createEvent({ author: 'user', ...init }) });
  return {
    create: (userId = 'u1', sessionId?: string, state?: Record<string, unknown>) => {
      const { service, app } = context();
      return service.createSession({ appName: app, userId, sessionId, state });
    },
    get,
    mustGet: async (session) => {
      const found = await get(session);
      expect(found, `session ${session.id} should exist`).toBeDefined();
      return found as Session;
    },
    append,
    appendState: (session, stateDelta, timestamp) =>
      append(session, { actions: { stateDelta }, timestamp }),
  };
}
