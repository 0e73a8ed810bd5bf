import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import { createRunConfig } from '../context/run-config.js';
import { InvocationNotFoundError } from '../errors/invocation-not-found-error.js';
import { createEvent, type Event } from '../events/event.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import { newInvocationId } from '../utils/ids.js';
import { logger } from '../utils/logger.js';
import { getOrCreateSession } from './get-or-create-session.js';
import { computeArtifactDeltaForRewind } from './rewind-artifact-delta.js';
import { computeStateDeltaForRewind } from './rewind-state-delta.js';

/** Arguments of `Runner.rewindAsync`. */
export interface RewindRequest {
  userId: string;
  sessionId: string;
  /** The invocation to undo, with every invocation after it. */
  rewindBeforeInvocationId: string;
}

/** What a rewind needs of its Runner. */
export interface RewindServices {
  appName: string;
  sessionService: BaseSessionService;
  artifactService: BaseArtifactService | undefined;
}

/**
 * Rewinds a session to before an invocation (Python `Runner.rewind_async`
 * and `_rewind_utils.rewind_session`) and returns the rewind event as stored.
 *
 * The whole session is read (a rewind replays its history from the start);
 * a missing one throws `SessionNotFoundError` (never created, unlike a run
 * with `autoCreateSession`), and an invocation no event carries throws
 * `InvocationNotFoundError` before anything changes. The rewind point is
 * the first event of that invocation. The session's artifacts are then
 * restored (`computeArtifactDeltaForRewind`: new versions, `user:` ones left
 * alone) and one event is appended: author `user`, a new invocation id,
 * `actions.rewindBeforeInvocationId`, the state delta that reverts the
 * session-scoped state (`computeStateDeltaForRewind`; `app:` and `user:`
 * state left alone) and the artifact delta. Events are never deleted: the
 * contents processor leaves the rewound invocations out of later requests.
 * The event is appended with `appendEvent`, since its deltas come from what
 * was read: a session another writer changed meanwhile throws
 * `StaleSessionError` (the restored artifact versions stay; a new rewind
 * computes from them correctly).
 */
export async function rewindSession(
  services: RewindServices,
  request: RewindRequest,
): Promise<Event> {
  const { appName, sessionService, artifactService } = services;
  const { userId, sessionId, rewindBeforeInvocationId } = request;
  const session = await getOrCreateSession({
    sessionService,
    appName,
    userId,
    sessionId,
    runConfig: createRunConfig(),
    autoCreate: false,
  });
  const rewindEventIndex = session.events.findIndex(
    (event) => event.invocationId === rewindBeforeInvocationId,
  );
  if (rewindEventIndex === -1) {
    throw new InvocationNotFoundError({ invocationId: rewindBeforeInvocationId });
  }
  const stateDelta = computeStateDeltaForRewind(session.events, session.state, rewindEventIndex);
  const artifactDelta = await computeArtifactDeltaForRewind(
    session,
    rewindEventIndex,
    artifactService,
    appName,
  );
  const event = createEvent({
    invocationId: newInvocationId(),
    author: 'user',
    actions: { rewindBeforeInvocationId, stateDelta, artifactDelta },
  });
  logger.info(`Rewinding session ${sessionId} to before invocation ${rewindBeforeInvocationId}.`);
  return sessionService.appendEvent({ session, event });
}
