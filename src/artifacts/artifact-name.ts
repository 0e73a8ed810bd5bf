import { InvalidArtifactNameError } from '../errors/invalid-artifact-name-error.js';

/** Prefix of artifact names shared by all of a user's sessions (Python `user:` namespace). */
export const USER_NAMESPACE_PREFIX = 'user:';

/** True when `filename` is user-scoped: it starts with `user:` and is shared across the user's sessions. */
export function isUserScopedFilename(filename: string): boolean {
  return filename.startsWith(USER_NAMESPACE_PREFIX);
}

const DRIVE_PREFIX = /^[A-Za-z]:/;

/**
 * Throws `InvalidArtifactNameError` unless `filename` is safe to use as one
 * path segment in any store: it must be non-empty (also after a `user:`
 * prefix), contain no `/`, `\` or NUL, not be `.` or `..` (with or without
 * the prefix), and not start with a drive letter such as `C:`.
 */
export function validateArtifactFilename(filename: string): void {
  const reason = invalidFilenameReason(filename);
  if (reason !== undefined) throw new InvalidArtifactNameError({ filename, reason });
}

function invalidFilenameReason(filename: string): string | undefined {
  if (typeof filename !== 'string' || filename === '') return 'must not be empty';
  if (filename.includes('\0')) return 'must not contain NUL bytes';
  if (filename.includes('/') || filename.includes('\\')) {
    return 'must not contain path separators (/ or \\)';
  }
  const bare = isUserScopedFilename(filename)
    ? filename.slice(USER_NAMESPACE_PREFIX.length)
    : filename;
  if (bare === '') return `must name a file after the ${USER_NAMESPACE_PREFIX} prefix`;
  if (bare === '.' || bare === '..') return 'must not be a traversal segment (. or ..)';
  if (DRIVE_PREFIX.test(filename)) return 'must not start with a drive letter';
  return undefined;
}
