import { InvalidArtifactNameError } from '../errors/invalid-artifact-name-error.js';
import { isDriveQualified } from './artifact-ids.js';
import { pythonStringRepr } from './python-text.js';

/** Prefix of artifact names shared by all of a user's sessions (Python `user:` namespace). */
export const USER_NAMESPACE_PREFIX = 'user:';

/** True when `filename` is user-scoped: it starts with `user:` and is shared across the user's sessions. */
export function isUserScopedFilename(filename: string): boolean {
  return filename.startsWith(USER_NAMESPACE_PREFIX);
}

/**
 * Throws `InvalidArtifactNameError` unless `filename` stays inside its scope
 * in any store (Python's `_validate_filename` of the flat-keyspace artifact
 * services: same checks, order and messages). After any `user:` prefix the
 * name must:
 *
 * 1. not be empty;
 * 2. hold no NUL byte;
 * 3. not start with `/`, `\` or a drive prefix such as `C:`;
 * 4. have no `.` or `..` segment, with `/` or `\` as separators.
 *
 * Nested names are allowed and are distinct artifacts: `docs/report.txt`,
 * `user:docs/a.txt`, `doc` beside `doc/nested`, and names with reserved
 * words (`docs/versions/v2.md`) or a backslash inside (`a\b`).
 */
export function validateArtifactFilename(filename: string): void {
  const message = invalidFilenameMessage(filename);
  if (message !== undefined) throw new InvalidArtifactNameError({ filename, message });
}

function invalidFilenameMessage(filename: unknown): string | undefined {
  if (typeof filename !== 'string') return 'filename must be a string.';
  const name = isUserScopedFilename(filename)
    ? filename.slice(USER_NAMESPACE_PREFIX.length)
    : filename;
  if (name === '') return 'filename must not be empty.';
  if (name.includes('\0')) return 'filename must not contain null bytes.';
  if (name.startsWith('/') || name.startsWith('\\') || isDriveQualified(name)) {
    return `filename ${pythonStringRepr(filename)} must be a relative path.`;
  }
  const segments = name.replaceAll('\\', '/').split('/');
  if (segments.includes('.') || segments.includes('..')) {
    return `filename ${pythonStringRepr(filename)} must not contain traversal segments.`;
  }
  return undefined;
}
