import { StaleSessionError } from '../errors/stale-session-error.js';
import type { Event } from '../events/event.js';
import type { RunConfig } from '../context/run-config.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import type { Session } from '../sessions/session.js';

/**
 * `sessionService.appendEvent`. When another writer appended to the
 * session since it was loaded (the store throws `StaleSessionError`), the
 * invocation's session is brought up to date in place, loaded with the
 * run's `getSessionConfig` as at the start, and the event stored after
 * the other writers' events (`appendEventWithReload`; one transaction on a
 * SQL store, so a run never loses this race there). Nothing has seen the
 * event yet (it is yielded only once stored), so the store may still move
 * its timestamp past theirs. Any other error is rethrown.
 */
export async function appendEventOrReload({
  sessionService,
  session,
  event,
  runConfig,
}: {
  sessionService: BaseSessionService;
  session: Session;
  event: Event;
  runConfig: RunConfig;
}): Promise<Event> {
  try {
    return await sessionService.appendEvent({ session, event });
  } catch (error) {
    if (!StaleSessionError.isInstance(error)) throw error;
    return sessionService.appendEventWithReload({
      session,
      event,
      ...(runConfig.getSessionConfig ? { config: runConfig.getSessionConfig } : {}),
    });
  }
}
