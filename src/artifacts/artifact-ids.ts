import {
  InvalidArtifactIdError,
  type ArtifactIdArgument,
} from '../errors/invalid-artifact-id-error.js';
import { pythonCasefold, pythonStringRepr, pythonStrip } from './python-text.js';

/** Python's name of each id argument, as its messages spell it. */
const PYTHON_FIELD_NAMES: Readonly<Record<ArtifactIdArgument, string>> = {
  appName: 'app_name',
  userId: 'user_id',
  sessionId: 'session_id',
};

/** Path segments of artifact storage and `artifact://` URIs; a slashed id may not contain one. */
const RESERVED_PATH_SEGMENTS: ReadonlySet<string> = new Set([
  'apps',
  'users',
  'sessions',
  'artifacts',
  'versions',
]);

/** Segment that marks user-scoped artifacts in flat stores, so no session may be named after it. */
const USER_SEGMENT = 'user';

const DRIVE_PREFIX = /^[A-Za-z]:/;

/** True when `value` starts with a Windows drive letter such as `C:` (ASCII letters only, as Python's). */
export function isDriveQualified(value: string): boolean {
  return DRIVE_PREFIX.test(value);
}

/**
 * A caller's session id as artifact services key it: surrounding whitespace
 * stripped as Python's `str.strip()` does (Python `normalize_session_id`), so
 * `'s1\n'` and `'s1'` name one session. Undefined stays undefined.
 */
export function normalizeSessionId(sessionId: string | undefined): string | undefined {
  return sessionId == null ? undefined : pythonStrip(sessionId);
}

/**
 * Throws `InvalidArtifactIdError` unless `value` is safe as the app name, user
 * id or session id part of a storage path (Python
 * `artifact_util.validate_path_segment`, same checks, order and messages):
 *
 * 1. not empty;
 * 2. no NUL byte;
 * 3. no leading `/` or `\`;
 * 4. no drive prefix (`C:`);
 * 5. not `.` or `..`, and no `..` segment (with `/` or `\` as separators);
 * 6. when it holds `/` or `\`, no segment that casefolds to a reserved one:
 *    `apps`, `users`, `sessions`, `artifacts`, `versions`.
 *
 * Slashed ids are otherwise fine (`group/user123`,
 * `projects/123/locations/us-central1/reasoningEngines/456`).
 */
export function validateArtifactId(value: string, argument: ArtifactIdArgument): void {
  const message = invalidIdMessage(value, PYTHON_FIELD_NAMES[argument]);
  if (message !== undefined) throw new InvalidArtifactIdError({ argument, value, message });
}

/**
 * `validateArtifactId` for the session id of a save into a flat store, where
 * the segment `user` marks user-scoped artifacts: also refuses a session id
 * whose first segment is exactly `user` (`user`, `user/x`, `user\x`), as
 * Python's `_validate_session_id_for_flat_storage` does. Reads and deletes use
 * plain `validateArtifactId`, so data stored under such ids stays reachable.
 */
export function validateSessionIdForSave(sessionId: string): void {
  validateArtifactId(sessionId, 'sessionId');
  if (sessionId.replaceAll('\\', '/').split('/')[0] === USER_SEGMENT) {
    throw new InvalidArtifactIdError({
      argument: 'sessionId',
      value: sessionId,
      message: "session_id must not be or start with the reserved value 'user'.",
    });
  }
}

function invalidIdMessage(value: unknown, field: string): string | undefined {
  if (typeof value !== 'string') return `${field} must be a string.`;
  if (value === '') return `${field} must not be empty.`;
  if (value.includes('\0')) return `${field} must not contain null bytes.`;
  const shown = pythonStringRepr(value);
  if (value.startsWith('/') || value.startsWith('\\')) {
    return `${field} ${shown} must not be an absolute path or start with a slash.`;
  }
  if (isDriveQualified(value)) return `${field} ${shown} must not be drive-qualified.`;
  const segments = value.replaceAll('\\', '/').split('/');
  if (value === '.' || segments.includes('..')) {
    return `${field} ${shown} must not contain traversal segments.`;
  }
  if (
    segments.length > 1 &&
    segments.some((segment) => RESERVED_PATH_SEGMENTS.has(pythonCasefold(segment)))
  ) {
    return `${field} ${shown} must not contain reserved path segments.`;
  }
  return undefined;
}
