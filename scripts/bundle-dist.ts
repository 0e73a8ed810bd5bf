/**
 * Bundles a tsc build in place: each entry point of package.json (`exports`
 * and `bin`) becomes one file, with the modules entries share in
 * `chunks/` and each lazily imported module (`import('./x.js')`) in a chunk
 * of its own. Dependencies stay external. Node then reads about twenty
 * files on `import '@adk-ts/adk'` instead of a few hundred, which is most
 * of what a cold import costs (docs/decisions/0029-curated-entry-and-cold-import.md).
 *
 * The per-file output of tsc stays beside the bundle (the benchmarks import
 * some files directly); the exports map reaches only the bundled entries, so
 * a program loads one copy of each class. Class names are kept (`keepNames`):
 * messages and the model registry print them.
 *
 *   tsx scripts/bundle-dist.ts [dist directory, default dist]
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface EsbuildApi {
  build(options: Record<string, unknown>): Promise<{ errors: unknown[]; warnings: unknown[] }>;
}

interface PackageJson {
  exports: Record<string, string | { import?: string }>;
  bin?: Record<string, string>;
}

// esbuild as tsx itself loads it, so that it is found wherever npm put it.
const esbuild = createRequire(createRequire(import.meta.url).resolve('tsx'))(
  'esbuild',
) as EsbuildApi;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDirectory = path.resolve(root, process.argv[2] ?? 'dist');
const packageJson = JSON.parse(
  await readFile(path.join(root, 'package.json'), 'utf8'),
) as PackageJson;

// `./dist/server/index.js` → `server/index.js`, for every JavaScript entry.
const entryFiles = [
  ...Object.values(packageJson.exports).map((target) =>
    typeof target === 'string' ? target : target.import,
  ),
  ...Object.values(packageJson.bin ?? {}),
]
  .filter((target): target is string => target?.endsWith('.js') === true)
  .map((target) => path.relative('dist', target));

const result = await esbuild.build({
  entryPoints: entryFiles.map((file) => path.join(distDirectory, file)),
  outdir: distDirectory,
  outbase: distDirectory,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  keepNames: true,
  // One level under dist/, as the entries are, so `import.meta.url`-relative paths hold.
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  logLevel: 'warning',
});
if (result.errors.length > 0) process.exitCode = 1;
