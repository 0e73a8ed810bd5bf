import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Part } from '../types/index.js';
import { normalizeSessionId } from './artifact-ids.js';

/** The parts of an `artifact://` reference URI (Python `ParsedArtifactUri`). */
export interface ParsedArtifactUri {
  appName: string;
  userId: string;
  /** Undefined for a user-scoped reference. */
  sessionId?: string;
  filename: string;
  version: number;
}

/** Scheme of artifact references: a Part whose `fileData.fileUri` uses it points at another stored artifact. */
export const ARTIFACT_URI_SCHEME = 'artifact://';

// Python's segment pattern: any run of characters (newline excluded, as
// Python's `.`) that never contains `/<reserved>/`, matched lazily, so an id
// cannot smuggle in another scope's path.
const SEGMENT = '(?:(?!/(?:apps|artifacts|sessions|users|versions)/)[^\\n])+?';
const SESSION_SCOPED_URI = new RegExp(
  `^artifact://apps/(${SEGMENT})/users/(${SEGMENT})/sessions/(${SEGMENT})/artifacts/([^\\n]+)/versions/([0-9]+)$`,
);
const USER_SCOPED_URI = new RegExp(
  `^artifact://apps/(${SEGMENT})/users/(${SEGMENT})/artifacts/([^\\n]+)/versions/([0-9]+)$`,
);

/**
 * Parses an `artifact://apps/<app>/users/<user>[/sessions/<session>]/artifacts/<name>/versions/<n>`
 * URI, or returns undefined when `uri` is not one. The session id is
 * normalised (see `normalizeSessionId`), as Python's `normalize_session_id` does.
 */
export function parseArtifactUri(uri: string | undefined): ParsedArtifactUri | undefined {
  if (!uri?.startsWith(ARTIFACT_URI_SCHEME)) return undefined;
  const session = SESSION_SCOPED_URI.exec(uri);
  if (session) {
    const [, appName = '', userId = '', sessionId = '', filename = '', version = ''] = session;
    return {
      appName,
      userId,
      sessionId: normalizeSessionId(sessionId) ?? '',
      filename,
      version: Number.parseInt(version, 10),
    };
  }
  const user = USER_SCOPED_URI.exec(uri);
  if (user) {
    const [, appName = '', userId = '', filename = '', version = ''] = user;
    return { appName, userId, filename, version: Number.parseInt(version, 10) };
  }
  return undefined;
}

/**
 * The `artifact://` URI of one artifact version (Python `get_artifact_uri`):
 * session-scoped when a non-blank `sessionId` is given, user-scoped otherwise.
 */
export function getArtifactUri({
  appName,
  userId,
  filename,
  version,
  sessionId,
}: {
  appName: string;
  userId: string;
  filename: string;
  version: number;
  sessionId?: string;
}): string {
  const session = normalizeSessionId(sessionId);
  return session
    ? `artifact://apps/${appName}/users/${userId}/sessions/${session}/artifacts/${filename}/versions/${version}`
    : `artifact://apps/${appName}/users/${userId}/artifacts/${filename}/versions/${version}`;
}

/** True when `part` is a reference to another artifact: its `fileData.fileUri` starts with `artifact://`. */
export function isArtifactRef(part: Part): boolean {
  return part.fileData?.fileUri?.startsWith(ARTIFACT_URI_SCHEME) === true;
}

/**
 * Throws `InvalidArgumentError` when a reference leaves the caller's scope:
 * it must name the same app and user and, when session-scoped, the same
 * session (Python `validate_artifact_reference_scope`).
 */
export function validateArtifactReferenceScope({
  appName,
  userId,
  sessionId,
  reference,
}: {
  appName: string;
  userId: string;
  sessionId: string | undefined;
  reference: ParsedArtifactUri;
}): void {
  if (reference.appName !== appName || reference.userId !== userId) {
    throw new InvalidArgumentError({
      message: 'Artifact references must stay within the same app and user scope.',
      argument: 'artifact',
    });
  }
  if (reference.sessionId !== undefined && reference.sessionId !== sessionId) {
    throw new InvalidArgumentError({
      message: 'Session-scoped artifact references must stay within the same session scope.',
      argument: 'artifact',
    });
  }
}
