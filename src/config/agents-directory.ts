import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { BaseAgent } from '../agents/base-agent.js';
import { AgentLoadError } from '../errors/agent-load-error.js';
import { AppNotFoundError } from '../errors/app-not-found-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { App } from '../runner/app.js';
import { logger } from '../utils/logger.js';
import { loadAgentEnvFile } from './agent-env-file.js';
import { commonJsModuleHint, isCommonJsModule } from './module-scope.js';
import { assertValidAppName, isValidAppName } from './app-name.js';
import type { ConfigRegistry } from './config-registry.js';
import { TYPESCRIPT_EXTENSIONS, importModuleFile } from './import-module-file.js';
import { ROOT_AGENT_CONFIG_FILE, loadAgentFromYamlFile } from './load-agent-config.js';
import { createModuleReferenceResolver, isFile } from './module-reference-resolver.js';
import { readModuleExport } from './read-module-export.js';

/** The module files an app folder may define its agent in, in the order they are tried. */
export const AGENT_MODULE_FILES: readonly string[] = [
  'agent.ts',
  'agent.mts',
  'agent.js',
  'agent.mjs',
  'agent.cjs',
  'index.ts',
  'index.mts',
  'index.js',
  'index.mjs',
  'index.cjs',
];

// Folders of an agents directory that are never apps.
const NOT_APPS: ReadonlySet<string> = new Set(['node_modules', '__pycache__']);

/** What an app is written in: a YAML agent config, or a TypeScript or JavaScript module. */
export type AppLanguage = 'yaml' | 'typescript' | 'javascript';

/** The file an app is defined by, found without importing anything. */
export interface AppSource {
  readonly appName: string;
  readonly language: AppLanguage;
  /** The absolute path of the file (`root_agent.yaml`, `agent.ts`, ...). */
  readonly file: string;
}

/** One app as `/list-apps?detailed=true` reports it (the server's `AppInfo`). */
export interface AppDetails {
  readonly name: string;
  readonly rootAgentName: string;
  readonly description: string;
  readonly language: AppLanguage;
  readonly isComputerUse: boolean;
}

/** Options of `AgentsDirectoryLoader`. */
export interface AgentsDirectoryLoaderOptions {
  /** The folder holding one folder per app. */
  readonly agentsDir: string;
  /**
   * Load an app again when a file in its folder changed since it was loaded
   * (checked at every `loadApp`; edited TypeScript/JavaScript modules are
   * imported afresh). Default false: each app is loaded once.
   */
  readonly reload?: boolean;
  /** Dotted names resolved from code before the agents directory's files are looked at. */
  readonly registry?: ConfigRegistry;
  /** Read the app's `.env` file before loading it, as Python does. Default true. */
  readonly loadEnvFiles?: boolean;
}

interface CachedApp {
  readonly fingerprint: string;
  readonly app: Promise<App>;
}

/**
 * The apps of an agents directory (Python's `AgentLoader`): every folder
 * `<agentsDir>/<app>/` holding either
 * - `root_agent.yaml`, a YAML agent config whose dotted names (`pkg.mod.fn`)
 *   are the exports of `<agentsDir>/pkg/mod.ts|js` (the registry, when given,
 *   is consulted first), or
 * - an agent module (`agent.ts`, `agent.js`, `index.ts`, ...; see
 *   `AGENT_MODULE_FILES`) exporting `app` (an `App`) or `rootAgent` (a
 *   `BaseAgent`). TypeScript is compiled on the fly (through `tsx`).
 *
 * When a folder has both, the module that exports an agent wins, as Python's
 * `agent.py` wins over `root_agent.yaml`. App names are checked against
 * `^[A-Za-z0-9_]+$` (and must be identifiers, not `user`) before anything is
 * read or imported. Loaded apps are cached; with `reload` a changed folder is
 * loaded again. It has the shape of the HTTP server's `AgentLoader`.
 */
export class AgentsDirectoryLoader {
  /** The agents directory (absolute). */
  readonly agentsDir: string;
  private readonly reload: boolean;
  private readonly registry: ConfigRegistry | undefined;
  private readonly loadEnvFiles: boolean;
  private readonly cache = new Map<string, CachedApp>();
  private reloadVersion = 0;

  constructor(options: AgentsDirectoryLoaderOptions) {
    this.agentsDir = path.resolve(options.agentsDir);
    this.reload = options.reload ?? false;
    this.registry = options.registry;
    this.loadEnvFiles = options.loadEnvFiles ?? true;
  }

  /**
   * The names of the apps, sorted: folders with a valid app name holding a
   * `root_agent.yaml` or an agent module. Hidden folders (`.adk`, `.git`),
   * `node_modules`, `__pycache__` and folders with other names are left out. Throws
   * `InvalidArgumentError` when the agents directory cannot be read.
   */
  async listApps(): Promise<string[]> {
    let entries: string[];
    try {
      entries = await readdir(this.agentsDir);
    } catch (error) {
      throw new InvalidArgumentError({
        argument: 'agentsDir',
        message: `Cannot read the agents directory ${this.agentsDir}: ${String(error)}`,
        cause: error,
      });
    }
    const apps: string[] = [];
    for (const name of entries) {
      if (!isValidAppName(name)) continue;
      if ((await this.findAppSource(name)) !== undefined) apps.push(name);
    }
    return apps.sort();
  }

  /**
   * The file app `appName` is defined by, or undefined when its folder has
   * none. Throws `InvalidAppNameError` for an invalid name (before any file
   * is touched).
   */
  async findAppSource(appName: string): Promise<AppSource | undefined> {
    assertValidAppName(appName);
    if (NOT_APPS.has(appName)) return undefined;
    const appDir = path.join(this.agentsDir, appName);
    if (!(await isDirectory(appDir))) return undefined;
    for (const fileName of AGENT_MODULE_FILES) {
      const file = path.join(appDir, fileName);
      if (await isFile(file)) return { appName, language: moduleLanguage(file), file };
    }
    const yamlFile = path.join(appDir, ROOT_AGENT_CONFIG_FILE);
    if (await isFile(yamlFile)) return { appName, language: 'yaml', file: yamlFile };
    return undefined;
  }

  /**
   * The app `appName`, loaded (or from the cache). A bare root agent becomes
   * `new App({ name: appName, rootAgent })`; an exported `App` is returned as
   * it is (its name may differ from the folder's). Errors:
   * `InvalidAppNameError` (checked first), `AppNotFoundError` (no such app),
   * `AgentLoadError` (a module that fails to import or lacks the export,
   * naming the file and the export), and the YAML loader's errors
   * (`InvalidAgentConfigError`, `ConfigReferenceNotFoundError`, ...), each
   * naming the file. A failed load is not cached.
   */
  async loadApp(appName: string): Promise<App> {
    assertValidAppName(appName);
    const cached = this.cache.get(appName);
    if (cached && !this.reload) return cached.app;
    const fingerprint = this.reload ? await folderFingerprint(this.appDir(appName)) : '';
    if (cached && cached.fingerprint === fingerprint) return cached.app;
    const entry: CachedApp = { fingerprint, app: this.load(appName) };
    this.cache.set(appName, entry);
    entry.app.catch(() => {
      if (this.cache.get(appName) === entry) this.cache.delete(appName);
    });
    return entry.app;
  }

  /**
   * What the HTTP server's `/list-apps?detailed=true` reports for every app
   * that loads (an app that fails to load is logged and left out, as in
   * Python): its name, its root agent's name and description, and its
   * language (`yaml`, `typescript` or `javascript`).
   */
  async listAppsDetailed(): Promise<AppDetails[]> {
    const details: AppDetails[] = [];
    for (const appName of await this.listApps()) {
      try {
        const [app, source] = await Promise.all([
          this.loadApp(appName),
          this.findAppSource(appName),
        ]);
        details.push({
          name: appName,
          rootAgentName: app.rootAgent.name,
          description: app.rootAgent.description,
          language: source?.language ?? 'yaml',
          isComputerUse: false,
        });
      } catch (error) {
        logger.error(`Failed to load app ${appName}: ${String(error)}`);
      }
    }
    return details;
  }

  /** Forgets the loaded app `appName` (every app when omitted); the next `loadApp` loads it again. */
  invalidate(appName?: string): void {
    if (appName === undefined) this.cache.clear();
    else this.cache.delete(appName);
  }

  private appDir(appName: string): string {
    return path.join(this.agentsDir, appName);
  }

  private async load(appName: string): Promise<App> {
    const source = await this.findAppSource(appName);
    if (source === undefined) {
      throw new AppNotFoundError({
        appName,
        agentsDir: this.agentsDir,
        message:
          `No app ${appName} in ${this.agentsDir}: expected a folder ${appName}/ holding ` +
          `${ROOT_AGENT_CONFIG_FILE} or an agent module (${AGENT_MODULE_FILES.join(', ')}) ` +
          'that exports `rootAgent` or `app`.',
      });
    }
    if (this.loadEnvFiles) await loadAgentEnvFile(this.appDir(appName));
    const version = this.reload ? ++this.reloadVersion : undefined;
    if (source.language !== 'yaml') {
      const fromModule = await this.loadFromModules(appName, version);
      if (fromModule) return fromModule;
    }
    const yamlFile = path.join(this.appDir(appName), ROOT_AGENT_CONFIG_FILE);
    if (source.language === 'yaml' || (await isFile(yamlFile))) {
      const rootAgent = await loadAgentFromYamlFile(yamlFile, {
        ...(this.registry ? { registry: this.registry } : {}),
        resolve: createModuleReferenceResolver({
          rootDir: this.agentsDir,
          ...(version === undefined ? {} : { reloadVersion: version }),
        }),
      });
      return new App({ name: appName, rootAgent });
    }
    throw new AgentLoadError({
      filePath: source.file,
      exportName: 'rootAgent',
      message:
        `${source.file} exports neither \`rootAgent\` (a BaseAgent) nor \`app\` (an App), ` +
        `and ${appName}/ has no ${ROOT_AGENT_CONFIG_FILE}.`,
    });
  }

  // Python tries the package, then its `agent` module; here every agent module
  // of the folder in AGENT_MODULE_FILES order, until one exports an agent.
  private async loadFromModules(
    appName: string,
    version: number | undefined,
  ): Promise<App | undefined> {
    for (const fileName of AGENT_MODULE_FILES) {
      const file = path.join(this.appDir(appName), fileName);
      if (!(await isFile(file))) continue;
      const namespace = await importModuleFile(file, {
        ...(version === undefined ? {} : { reloadVersion: version }),
        reloadRoot: this.agentsDir,
      });
      const app = readModuleExport(namespace, 'app');
      if (app !== undefined) {
        if (app instanceof App) return app;
        throw await wrongExport(file, 'app', 'an App');
      }
      const rootAgent = readModuleExport(namespace, 'rootAgent');
      if (rootAgent !== undefined) {
        if (rootAgent instanceof BaseAgent) return new App({ name: appName, rootAgent });
        throw await wrongExport(file, 'rootAgent', 'a BaseAgent');
      }
    }
    return undefined;
  }
}

async function wrongExport(
  file: string,
  exportName: string,
  expected: string,
): Promise<AgentLoadError> {
  // A CommonJS agent module requires a second copy of this package, whose classes differ.
  const hint = (await isCommonJsModule(file))
    ? commonJsModuleHint(file)
    : 'If it is one, it comes from another copy of @adk-ts/adk than the one loading it: ' +
      'import the package the CLI runs from.';
  return new AgentLoadError({
    filePath: file,
    exportName,
    message: `The export \`${exportName}\` of ${file} is not ${expected}. ${hint}`,
  });
}

function moduleLanguage(file: string): AppLanguage {
  return TYPESCRIPT_EXTENSIONS.includes(path.extname(file)) ? 'typescript' : 'javascript';
}

async function isDirectory(folder: string): Promise<boolean> {
  try {
    return (await stat(folder)).isDirectory();
  } catch {
    return false;
  }
}

// Names, sizes and modification times of the files under `folder` (hidden
// folders and node_modules skipped): any edit, addition or removal changes it.
async function folderFingerprint(folder: string): Promise<string> {
  const parts: string[] = [];
  const walk = async (current: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        await walk(full);
      } else {
        try {
          const info = await stat(full);
          parts.push(`${full}:${info.size}:${info.mtimeMs}`);
        } catch {
          // Removed while walking: the next check sees the change.
        }
      }
    }
  };
  await walk(folder);
  return parts.sort().join('\n');
}
