import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import type { Event } from '../events/event.js';
import type { Session } from '../sessions/session.js';
import type { Part } from '../types/index.js';
import { setOwn } from '../utils/get-own.js';
import { logger } from '../utils/logger.js';

/** Prefix of artifact names shared by all the user's sessions: never rewound. */
const USER_ARTIFACT_PREFIX = 'user:';

/**
 * The part a rewind saves for an artifact that did not exist at the rewind
 * point (Python's "inaccessible" marker): empty `application/octet-stream` data.
 */
export function emptyArtifactMarker(): Part {
  return { inlineData: { mimeType: 'application/octet-stream', data: '' } };
}

/** The last version each artifact name reached in `events`, per `actions.artifactDelta`. */
function latestVersions(events: readonly Event[]): Map<string, number> {
  const versions = new Map<string, number>();
  for (const event of events) {
    for (const [filename, version] of Object.entries(event.actions.artifactDelta ?? {})) {
      versions.set(filename, version);
    }
  }
  return versions;
}

/**
 * Restores the session's artifacts to their versions at the rewind point
 * and returns the rewind event's artifact delta (Python
 * `_rewind_utils.compute_artifact_delta_for_rewind`).
 *
 * Versions are read from the events' `actions.artifactDelta` (artifacts
 * saved without one, such as input blobs, are not tracked). Every
 * session-scoped artifact whose latest version differs from its version at
 * the rewind point gets a new version: a copy of the version it had there,
 * or, when it did not exist yet, the empty marker (`emptyArtifactMarker`;
 * versions are never deleted, so the history stays readable). A version
 * that can no longer be loaded is replaced by the marker too, with a
 * warning. `user:` artifacts are shared with other sessions and left as
 * they are. The delta maps each name to the version saved, as the store
 * numbered it (Python writes latest + 1, the same number when every save
 * of the artifact was recorded). Without an artifact service: `{}`.
 */
export async function computeArtifactDeltaForRewind(
  session: Session,
  rewindEventIndex: number,
  artifactService: BaseArtifactService | undefined,
  appName: string,
): Promise<Record<string, number>> {
  const delta: Record<string, number> = {};
  if (!artifactService) return delta;
  const atRewindPoint = latestVersions(session.events.slice(0, rewindEventIndex));
  const current = latestVersions(session.events);
  const key = { appName, userId: session.userId, sessionId: session.id };
  for (const [filename, latest] of current) {
    if (filename.startsWith(USER_ARTIFACT_PREFIX)) continue;
    const version = atRewindPoint.get(filename);
    if (version === latest) continue;
    let artifact: Part | undefined;
    if (version !== undefined) {
      artifact = await artifactService.loadArtifact({ ...key, filename, version });
      if (artifact === undefined) {
        logger.warn(
          `Artifact ${filename} version ${version} not found during rewind for session ` +
            `${session.id}. Replacing with empty data.`,
        );
      }
    }
    const saved = await artifactService.saveArtifact({
      ...key,
      filename,
      artifact: artifact ?? emptyArtifactMarker(),
    });
    setOwn(delta, filename, saved);
  }
  return delta;
}
