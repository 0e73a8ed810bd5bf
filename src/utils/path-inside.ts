import path from 'node:path';

/**
 * True when `candidate` is `root` itself or lies beneath it, by their paths
 * alone (symlinks are not resolved: pass real paths to compare where files
 * really are). Both are resolved against the current directory first.
 */
export function isPathInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return !relative.startsWith('..') && !path.isAbsolute(relative);
}
