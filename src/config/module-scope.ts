import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * True when Node (and tsx) load `file` as CommonJS: a `.cjs`/`.cts` file,
 * or a `.js`/`.ts` file whose nearest package.json does not say
 * `"type": "module"`. An agent module compiled as CommonJS loads this
 * package through `require`, a second copy whose classes the loader does
 * not recognise.
 */
export async function isCommonJsModule(file: string): Promise<boolean> {
  const extension = path.extname(file);
  if (extension === '.cjs' || extension === '.cts') return true;
  if (extension !== '.js' && extension !== '.ts' && extension !== '.tsx') return false;
  for (let folder = path.dirname(path.resolve(file)); ; folder = path.dirname(folder)) {
    try {
      const manifest = JSON.parse(await readFile(path.join(folder, 'package.json'), 'utf8')) as {
        type?: unknown;
      };
      return manifest.type !== 'module';
    } catch {
      // No package.json here (or an unreadable one): look further up.
    }
    if (path.dirname(folder) === folder) return true;
  }
}

/**
 * The advice for a module Node loads as CommonJS (`isCommonJsModule`) where
 * an ES module is needed, for error messages: `agent.ts is loaded as
 * CommonJS (no package.json above it says "type": "module"), but agent
 * modules must be ES modules: add "type": "module" to the nearest
 * package.json, or rename the file agent.mts.`
 */
export function commonJsModuleHint(file: string): string {
  const name = path.basename(file);
  const extension = path.extname(name);
  const esm = ESM_EXTENSIONS[extension];
  return (
    `${name} is loaded as CommonJS (no package.json above it says "type": "module"), but ` +
    'agent modules must be ES modules: add "type": "module" to the nearest package.json' +
    (esm === undefined ? '.' : `, or rename the file ${name.slice(0, -extension.length)}${esm}.`)
  );
}

const ESM_EXTENSIONS: Readonly<Record<string, string>> = {
  '.ts': '.mts',
  '.cts': '.mts',
  '.js': '.mjs',
  '.cjs': '.mjs',
};
