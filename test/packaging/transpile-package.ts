import { cp, readdir, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Support for the packaging tests (test/packaging): lays out the package as
 * npm installs it (package.json, dist/, node_modules) in a folder of the
 * caller's, with dist/ made from src/ file by file. The project compiles
 * with isolatedModules and verbatimModuleSyntax, so each file's JavaScript
 * is what `tsc` emits for it; esbuild (the transpiler of tsx, a dependency
 * of this package) writes it in about a second instead of a full build.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface EsbuildApi {
  build(options: Record<string, unknown>): Promise<{ errors: unknown[] }>;
}

// esbuild as tsx itself loads it, so that it is found wherever npm put it.
const esbuild = createRequire(createRequire(import.meta.url).resolve('tsx'))(
  'esbuild',
) as EsbuildApi;

async function sourceFiles(folder: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) files.push(...(await sourceFiles(full)));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(full);
  }
  return files;
}

/**
 * Writes `<target>/package.json` (the project's own), `<target>/dist/**.js`
 * from `src/`, and `<target>/node_modules` (a link to the project's), so
 * that `<target>` is the installed package and files under it can import or
 * require `@adk-ts/adk` by its name.
 */
export async function layOutPackage(target: string): Promise<void> {
  await cp(path.join(root, 'package.json'), path.join(target, 'package.json'));
  await symlink(path.join(root, 'node_modules'), path.join(target, 'node_modules'), 'dir');
  const source = path.join(root, 'src');
  await esbuild.build({
    entryPoints: await sourceFiles(source),
    outbase: source,
    outdir: path.join(target, 'dist'),
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    logLevel: 'silent',
    tsconfigRaw: {
      compilerOptions: { verbatimModuleSyntax: true, useDefineForClassFields: true },
    },
  });
}
