import { readdir } from 'node:fs/promises';
import { systemErrorCode } from '../utils/system-error-code.js';

/**
 * The names, suffix cut off, of the files in `dir` that end in `suffix`
 * (the ids a file store keeps there), in directory order; `undefined` when
 * `dir` does not exist or is not a folder. Other file errors propagate.
 */
export async function fileNamesWithSuffix(
  dir: string,
  suffix: string,
): Promise<string[] | undefined> {
  let files: string[];
  try {
    files = await readdir(dir);
  } catch (error) {
    const code = systemErrorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
  return files.filter((file) => file.endsWith(suffix)).map((file) => file.slice(0, -suffix.length));
}
