import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AgentLoadError } from '../errors/agent-load-error.js';
import { MissingDependencyError } from '../errors/missing-dependency-error.js';
import { commonJsModuleHint, isCommonJsModule } from './module-scope.js';

/** How `importModuleFile` loads a file. */
export interface ImportModuleFileOptions {
  /**
   * A fresh copy of the module and of every module it imports from under
   * `reloadRoot` (outside `node_modules`): pass a new number to see edited
   * files. Libraries and files elsewhere stay shared. Omit to use Node's
   * module cache as usual.
   */
  readonly reloadVersion?: number;
  /** The folder whose files are re-evaluated for `reloadVersion` (absolute). */
  readonly reloadRoot?: string;
}

/** The file extensions of TypeScript modules, which need the `tsx` loader under plain Node. */
export const TYPESCRIPT_EXTENSIONS: readonly string[] = ['.ts', '.mts', '.cts', '.tsx'];

/**
 * Imports a JavaScript or TypeScript module file and returns its namespace.
 * TypeScript files are compiled on the fly: unless the process already runs
 * under `tsx` (`node --import tsx`, the `tsx` command), the `tsx` loader is
 * registered once, at the first TypeScript file (a missing `tsx` package is
 * `MissingDependencyError`). Any failure to import (syntax error, an
 * exception at import time, a missing dependency) is `AgentLoadError`
 * naming the file, with the original error as `cause`; when Node refused a
 * CommonJS file's require() of an ES module (`ERR_REQUIRE_CYCLE_MODULE`,
 * `ERR_REQUIRE_ESM`, …), the message ends with `commonJsModuleHint`.
 */
export async function importModuleFile(
  filePath: string,
  options: ImportModuleFileOptions = {},
): Promise<Record<string, unknown>> {
  if (TYPESCRIPT_EXTENSIONS.includes(path.extname(filePath))) await ensureTypeScriptLoader();
  const url = pathToFileURL(filePath);
  if (options.reloadVersion !== undefined) {
    ensureReloadHook(options.reloadRoot ?? path.dirname(filePath));
    url.searchParams.set(RELOAD_PARAMETER, String(options.reloadVersion));
  }
  try {
    return (await import(url.href)) as Record<string, unknown>;
  } catch (error) {
    // A CommonJS file cannot require() this package's ES modules while they load (or at all).
    const hint =
      isRequireOfEsmFailure(error) && (await isCommonJsModule(filePath))
        ? ` ${commonJsModuleHint(filePath)}`
        : '';
    throw new AgentLoadError({
      filePath,
      message: `Cannot import ${filePath}: ${error instanceof Error ? error.message : String(error)}${hint}`,
      cause: error,
    });
  }
}

// Node's errors for require() of an ES module: in a cycle, with top-level
// await, or on a Node without require(esm).
const REQUIRE_OF_ESM_CODES = new Set([
  'ERR_REQUIRE_CYCLE_MODULE',
  'ERR_REQUIRE_ASYNC_MODULE',
  'ERR_REQUIRE_ESM',
]);

function isRequireOfEsmFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && REQUIRE_OF_ESM_CODES.has(code);
}

let typeScriptLoader: Promise<void> | undefined;

function ensureTypeScriptLoader(): Promise<void> {
  typeScriptLoader ??= registerTypeScriptLoader().catch((error: unknown) => {
    typeScriptLoader = undefined;
    throw error;
  });
  return typeScriptLoader;
}

async function registerTypeScriptLoader(): Promise<void> {
  if (runsUnderTsx()) return;
  let api: { register(): unknown };
  try {
    api = await import('tsx/esm/api');
  } catch (error) {
    throw new MissingDependencyError({
      packageName: 'tsx',
      feature: 'Loading TypeScript agent files',
      cause: error,
    });
  }
  api.register();
}

// `node --import tsx` and `tsx file.ts` (which preloads tsx's loader by path)
// need no second loader.
function runsUnderTsx(): boolean {
  const preloads = [...process.execArgv, ...(process.env['NODE_OPTIONS'] ?? '').split(/\s+/)];
  return preloads.some((argument) => /(^|[=/\\])tsx([/\\](esm|dist[/\\].*))?$/.test(argument));
}

const RELOAD_PARAMETER = 'adk-reload';
const reloadRoots = new Set<string>();

// A resolve hook: a module imported by a reloaded module (one whose URL has
// the reload parameter) gets the same parameter when it lies under a reload
// root and outside node_modules, so the app's own files are evaluated again
// while the libraries it shares with the host (this package first) are not.
const reloadHookSource = `
const parameter = ${JSON.stringify(RELOAD_PARAMETER)};
let roots = [];
export function initialize(data) { roots = data.roots; }
export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  if (!context.parentURL || !context.parentURL.startsWith('file:') || !result.url.startsWith('file:')) return result;
  const version = new URL(context.parentURL).searchParams.get(parameter);
  if (version === null) return result;
  const url = new URL(result.url);
  if (url.searchParams.has(parameter) || url.pathname.includes('/node_modules/')) return result;
  if (!roots.some((root) => url.href.startsWith(root))) return result;
  url.searchParams.set(parameter, version);
  return { ...result, url: url.href };
}
`;

function ensureReloadHook(root: string): void {
  const rootUrl = pathToFileURL(path.resolve(root) + path.sep).href;
  if (reloadRoots.has(rootUrl)) return;
  reloadRoots.add(rootUrl);
  register(`data:text/javascript,${encodeURIComponent(reloadHookSource)}`, {
    data: { roots: [rootUrl] },
  });
}
