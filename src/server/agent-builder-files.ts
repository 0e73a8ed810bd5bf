import {
  cp,
  lstat,
  mkdir,
  readdir,
  readFile,
  realpath,
  rm,
  rmdir,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { assertValidAppName } from '../config/app-name.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { logger } from '../utils/logger.js';
import { isPathInside } from '../utils/path-inside.js';
import { builderFilePath } from './builder-uploads.js';

/** One file the builder saves: its path inside the app folder and its bytes. */
export interface BuilderUpload {
  readonly relativePath: string;
  readonly content: Uint8Array;
}

/** A YAML file the builder reads back. */
export interface BuilderFile {
  readonly content: Buffer;
  /** The name to offer it under (`file_path`, or `<app>.yaml`). */
  readonly downloadName: string;
}

const TMP = 'tmp';

async function exists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * The files of adk-python's agent builder (the `/dev/apps/{app}/builder`
 * routes) in an agents directory. An app's drafts live in
 * `<agents_dir>/<app>/tmp/<app>/` until saved for good or cancelled. Every
 * path is checked to stay inside its folder after symlinks are resolved.
 * App names are checked first (`InvalidAppNameError`).
 */
export class AgentBuilderFiles {
  constructor(private readonly agentsDirectory: string) {}

  private appRoot(appName: string): string {
    assertValidAppName(appName);
    return path.join(this.agentsDirectory, appName);
  }

  private tmpRoot(appName: string): string {
    return path.join(this.appRoot(appName), TMP, appName);
  }

  /**
   * `root_agent.yaml` (or `filePath`) of the app, or of its draft with
   * `tmp` (the draft is started as a copy of the app first). Undefined when
   * there is no such file, the path is not a YAML path inside the folder,
   * or the draft cannot be made, as Python answers "" then.
   */
  async read(
    appName: string,
    filePath: string | undefined,
    tmp: boolean,
  ): Promise<BuilderFile | undefined> {
    const root = tmp ? this.tmpRoot(appName) : this.appRoot(appName);
    let relative = 'root_agent.yaml';
    if (filePath) {
      try {
        relative = builderFilePath(filePath);
      } catch (error) {
        logger.debug(`Agent builder: ${(error as Error).message}`);
        return undefined;
      }
    }
    if (tmp && !(await this.ensureDraft(appName))) return undefined;
    const file = await this.existingInside(root, relative);
    if (file === undefined) return undefined;
    return { content: await readFile(file), downloadName: filePath || `${appName}.yaml` };
  }

  /**
   * Writes `uploads` into the app's draft (`tmp`), or into the app itself:
   * the draft's files first, then the uploads, then the draft is removed.
   * Creates the app folder when it is new. Returns false when the draft
   * could not be removed afterwards; throws `InvalidArgumentError` (400) for
   * a path that would leave the folder.
   */
  async save(appName: string, uploads: readonly BuilderUpload[], tmp: boolean): Promise<boolean> {
    const appRoot = this.appRoot(appName);
    if (tmp) {
      await this.writeAll(this.tmpRoot(appName), uploads);
      return true;
    }
    await mkdir(appRoot, { recursive: true });
    const draft = this.tmpRoot(appName);
    if (await exists(draft)) await copyContents(draft, appRoot);
    await this.writeAll(appRoot, uploads);
    return this.cancel(appName);
  }

  /** Removes the app's draft (and `tmp/` when it is left empty); false when it could not be removed. */
  async cancel(appName: string): Promise<boolean> {
    const tmpDirectory = path.join(this.appRoot(appName), TMP);
    try {
      await rm(this.tmpRoot(appName), { recursive: true, force: true });
    } catch (error) {
      logger.error(`Agent builder: could not remove the draft of ${appName}.`, error);
      return false;
    }
    try {
      await rmdir(tmpDirectory);
    } catch {
      // Not empty, or not there: either way nothing of the draft is left.
    }
    return true;
  }

  /** Starts the draft as a copy of the app (without its `tmp/`) unless it exists; false when the app does not. */
  private async ensureDraft(appName: string): Promise<boolean> {
    const appRoot = this.appRoot(appName);
    const draft = this.tmpRoot(appName);
    try {
      if (!(await lstat(appRoot)).isDirectory()) return false;
      if (await exists(draft)) return true;
      await mkdir(draft, { recursive: true });
      await copyContents(appRoot, draft);
      return true;
    } catch (error) {
      logger.error(`Agent builder: could not start a draft of ${appName}.`, error);
      return false;
    }
  }

  private async writeAll(root: string, uploads: readonly BuilderUpload[]): Promise<void> {
    await mkdir(root, { recursive: true });
    const realRoot = await realpath(root);
    for (const upload of uploads) {
      const target = path.join(root, ...upload.relativePath.split('/'));
      if (!isPathInside(root, target)) throw escapes(upload.relativePath);
      await mkdir(path.dirname(target), { recursive: true });
      // A symlinked folder or file on the way must not lead outside the root.
      if (!isPathInside(realRoot, await realpath(path.dirname(target)))) {
        throw escapes(upload.relativePath);
      }
      if ((await exists(target)) && !isPathInside(realRoot, await realpath(target))) {
        throw escapes(upload.relativePath);
      }
      await writeFile(target, upload.content);
    }
  }

  /** The regular file at `relative` under `root`, when it exists and resolves inside `root`. */
  private async existingInside(root: string, relative: string): Promise<string | undefined> {
    const file = path.join(root, ...relative.split('/'));
    if (!isPathInside(root, file)) return undefined;
    try {
      const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)]);
      if (!isPathInside(realRoot, realFile)) return undefined;
      return (await lstat(realFile)).isFile() ? realFile : undefined;
    } catch {
      return undefined;
    }
  }
}

function escapes(relative: string): InvalidArgumentError {
  return new InvalidArgumentError({
    message: `Path escapes the app folder: ${JSON.stringify(relative)}.`,
    argument: 'files',
  });
}

/** Copies every entry of `source` but `tmp/` into `destination`, replacing what is there. */
async function copyContents(source: string, destination: string): Promise<void> {
  await mkdir(destination, { recursive: true });
  for (const entry of await readdir(source, { withFileTypes: true })) {
    if (entry.name === TMP) continue;
    const from = path.join(source, entry.name);
    const to = path.join(destination, entry.name);
    const current = await lstat(to).catch(() => undefined);
    if (current && current.isDirectory() !== entry.isDirectory()) {
      await rm(to, { recursive: true, force: true });
    }
    await cp(from, to, { recursive: true, force: true });
  }
}
